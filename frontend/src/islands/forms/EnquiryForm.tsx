/**
 * The enquiry form island: takes over the server's form (contact, investment interest, investor
 * contact, membership) in the same box. Without JavaScript the server's form posts to its page
 * and the server answers with the messages or the thank-you panel; this island sends JSON
 * instead and keeps the visitor on the page.
 */
import { EnquiryFormView } from './EnquiryFormView';
import type { EnquiryFormProps } from './types';

export default function EnquiryForm(props: EnquiryFormProps) {
  return <EnquiryFormView {...props} />;
}
