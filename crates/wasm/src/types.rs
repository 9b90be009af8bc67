//! TypeScript declarations of the values the exports take and return, emitted into the generated
//! `.d.ts`. They mirror the serde shapes of `onespace-core` (camelCase field names, `null` for
//! absent values, prices as integer pence); `tests/vectors.test.mjs` and the frontend's type
//! check keep them honest.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** An amount of money in integer pence; show it with `formatPence`. */
export type Pence = number;

/** What a countdown shows at one instant. */
export interface CountdownState {
  /** End time to keep in browser storage (ms since the Unix epoch). */
  endMs: number;
  /** Whole seconds left, rounded up. */
  remainingSeconds: number;
  /** `mm:ss`. */
  display: string;
  /** True once the window has run out. */
  expired: boolean;
}

export type FormName =
  | "discount"
  | "contact"
  | "chatContact"
  | "cancellation"
  | "investmentInterest"
  | "investorContact"
  | "membership";

/** Submitted values by field name; missing fields count as empty. */
export type FormValues = Record<string, string | number | boolean | null | undefined>;

export interface Validation {
  ok: boolean;
  /** Message by field name. */
  errors: Record<string, string>;
}

export type InputType = "text" | "email" | "tel" | "textarea" | "select" | "radio";

export interface FieldOption {
  value: string;
  label: string;
}

export interface Field {
  name: string;
  label: string;
  inputType: InputType;
  required: boolean;
  autocomplete: string | null;
  maxLength: number;
  placeholder: string | null;
  options: FieldOption[];
}

export interface FormSchema {
  form: FormName;
  fields: Field[];
}

export interface Toast {
  title: string;
  description: string | null;
  destructive: boolean;
}

export interface FormMessages {
  submitLabel: string;
  submittingLabel: string | null;
  missing: Toast | null;
  success: Toast | null;
  failure: Toast | null;
  thankYou: string | null;
  againLabel: string | null;
}

export interface Messages {
  introOfferExpired: string;
  timedOfferExpired: string;
  chatGreeting: string;
  chatMailOpened: string;
  chatContactConfirmation: string;
  chatCancelConfirmation: string;
  forms: Record<FormName, FormMessages>;
}

export type ChatTopic =
  | "schedule"
  | "location"
  | "whatToBring"
  | "firstTime"
  | "membership"
  | "challenge"
  | "cancel"
  | "contact"
  | "fallback";

export interface ChatReply {
  topic: ChatTopic;
  text: string;
  showContactButton: boolean;
  showCancelButton: boolean;
}

export type MailKind = "discount" | "chatContact" | "cancellation" | "oneToOne" | "dropIn";

export interface DiscountValues {
  name: string;
  email: string;
  phone: string;
  discountType: string;
  additionalInfo?: string;
}

export interface ChatContactValues {
  name: string;
  email: string;
  message: string;
}

export interface CancellationValues {
  name: string;
  email: string;
  membershipType: string;
  reason?: string;
}

export interface MembershipCard {
  key: string;
  name: string;
  price: Pence;
  /** Sessions a month; null is unlimited. */
  sessions: number | null;
  focus: string | null;
  featured: boolean;
  purchaseUrl: string;
  /** Per-session cost, or what is unlimited. */
  description: string;
}

export interface PackCard {
  key: string;
  name: string;
  price: Pence;
  sessions: number;
  /** Validity badge, e.g. "30 days"; null for the drop-in. */
  validity: string | null;
  featured: boolean;
  /** null for the drop-in, which books via /timetable. */
  purchaseUrl: string | null;
  perSession: string;
  expiry: string;
  bonusCredits: number | null;
}

export interface TrialOffers {
  name: string;
  days: number;
  price: Pence;
  starts: string;
  guarantee: string;
  guaranteeTerms: string;
  purchaseUrl: string;
  introPrice: Pence;
  introDiscount: Pence;
  introButton: string;
  introPurchaseUrl: string;
  timedPercentOff: number;
  timedCode: string;
  timedPrice: Pence;
  timedRefundTerms: string;
  timedPurchaseUrl: string;
}

export interface FireIce {
  minutes: number;
  dropIn: Pence;
  maxSavingPercent: number;
  maxPerWeek: number;
  description: string;
}

export interface ConsultationSlot {
  day: string;
  time: string;
}

export interface Challenge {
  weeks: number;
  fireIceSessions: number;
  bodyScans: number;
  mealPlanDays: number;
  stayPercent: number;
  /** ISO date. */
  nextStart: string;
  included: string[];
  consultationSlots: ConsultationSlot[];
  consultationUrl: string;
}

export interface FounderCard {
  /** The membership form's selectedMembership value. */
  key: string;
  name: string;
  fireIceSessions: number;
  inclusions: string[];
  featured: boolean;
  originalPrice: Pence;
  founderPrice: Pence;
  annualPrice: Pence;
  allInclusions: string[];
}

export interface Offers {
  concessionPercentOff: number;
  concessionGroups: string[];
  concessionSummary: string;
  yearEndPercentOff: number;
  yearEndCode: string;
  yearEndValidUntil: string;
  yearEndSummary: string;
  backToSchoolCode: string;
  backToSchoolEnds: string;
  backToSchoolBanner: string;
  backToSchoolBonusPercent: number;
  backToSchoolBonusPacks: number[];
  septemberSpots: number;
  septemberTaken: number;
  septemberLeft: number;
  septemberRegularPrice: Pence;
  septemberFirstMonth: Pence;
  septemberCode: string;
  septemberSpotsMessage: string;
  septemberUrl: string;
  retreatPrice: Pence;
  retreatMemberPrice: Pence;
  retreatHours: string;
  retreatUrl: string;
}

export interface InvestmentTier {
  /** The interest form's investmentAmount value. */
  key: string;
  amount: Pence;
  title: string;
  perks: string[];
}

export interface DealOption {
  title: string;
  summary: string;
  equityBasisPoints: number;
}

export interface ForecastMonth {
  month: string;
  revenue: Pence;
}

export interface Investment {
  tiers: InvestmentTier[];
  equityFrom: Pence;
  landingValuation: Pence;
  raise: Pence;
  preMoney: Pence;
  options: DealOption[];
  loanPrincipal: Pence;
  loanInterestPercent: number;
  loanHolidayMonths: number;
  loanRepayments: number;
  loanMonthlyRepayment: Pence;
  loanTotalRepaid: Pence;
  activeMembers: number;
  snapshotMonth: string;
  monthlyRevenue: Pence;
  breakEven: [Pence, Pence];
  outgoings: [Pence, Pence];
  forecast: ForecastMonth[];
}

export interface Policy {
  noticeDays: number;
  billingCycleDays: number;
  cancelBookingHours: number;
  freeNoShowsPerMonth: number;
  noShowFee: Pence;
  freeLateCancelsPerMonth: number;
  lateCancelFee: Pence;
  arriveEarlyMinutes: number;
  firstClassArriveEarlyMinutes: number;
  noContractNote: string;
  bookingNotice: string;
  chargesSummary: string;
}

export interface OpeningHours {
  days: string;
  opens: string;
  closes: string;
  schemaDays: string[];
  opens24h: string;
  closes24h: string;
}

export interface DriveTime {
  from: string;
  minutes: number;
  via: string | null;
}

export interface TeamMember {
  id: string;
  name: string;
  role: string;
  bio: string;
  image: string;
  specialties: string[];
  offers121: boolean;
}

export interface Catalogue {
  memberships: MembershipCard[];
  unlimitedOptions: MembershipCard[];
  packs: PackCard[];
  trial: TrialOffers;
  fireIce: FireIce;
  challenge: Challenge;
  founderPlans: FounderCard[];
  offers: Offers;
  investment: Investment;
  policy: Policy;
  openingHours: OpeningHours[];
  driveTimes: DriveTime[];
  team: TeamMember[];
}
"#;
