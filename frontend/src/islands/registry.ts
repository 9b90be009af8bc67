/**
 * Every island component by the name the server writes in data-island (crates/site/src/widgets
 * builds the elements). Each entry is a dynamic import, so a component's code (and React itself)
 * is fetched only when an island needs it.
 */
import type { IslandRegistry } from './runtime/runtime';

export const islands: IslandRegistry = {
  IntroCountdown: () => import('./countdown/IntroCountdown'),
  TimedOfferCountdown: () => import('./countdown/TimedOfferCountdown'),
  ChatAssistant: () => import('./chat/ChatAssistant'),
  DiscountDialog: () => import('./discount/DiscountDialog'),
  OneToOneDialog: () => import('./one-to-one/OneToOneDialog'),
  EnquiryForm: () => import('./forms/EnquiryForm'),
  MembershipDialog: () => import('./forms/MembershipDialog'),
  ScheduleWidget: () => import('./schedule/ScheduleWidget'),
  TimetableFilters: () => import('./timetable/TimetableFilters'),
  BackToSchoolBar: () => import('./back-to-school/BackToSchoolBar'),
  OfferWatch: () => import('./offer/OfferWatch'),
};
