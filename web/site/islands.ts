import type { ComponentType } from 'react';
import type { IslandProps } from './island';

type Loader = () => Promise<ComponentType<IslandProps>>;
// Each island's code is its own chunk, fetched only by a page that has that island.
const load =
  <P>(importer: () => Promise<ComponentType<P>>): Loader =>
  () =>
    importer() as Promise<ComponentType<IslandProps>>;

/** Every island by the name its server-rendered wrapper carries (island.tsx). */
export const islandLoaders: Record<string, Loader> = {
  'color-scheme-toggle': load(
    async () => (await import('./components/color-scheme-toggle')).ColorSchemeToggleView,
  ),
  'testimonial-carousel': load(
    async () => (await import('./testimonials/testimonial-carousel')).TestimonialCarouselView,
  ),
  'testimonial-form': load(async () => {
    // Zod is told to stay jitless before the form's chunk runs: the bundle evaluates the shared
    // schemas' chunk before any line of the form's own, and building them would probe eval.
    await import('./testimonials/zod-jitless');
    return (await import('./testimonials/testimonial-form')).TestimonialFormView;
  }),
  'share-button': load(async () => (await import('./blog/share-button')).ShareButtonView),
  'read-more': load(async () => (await import('./about/read-more')).ReadMoreView),
  'class-list': load(async () => (await import('./classes/class-list')).ClassListView),
  'class-offer': load(async () => (await import('./classes/offer-page')).ClassOfferView),
  'booking-calendar': load(async () => (await import('./bookings/booking-calendar')).BookingCalendarView),
  'manage-booking': load(async () => (await import('./bookings/manage-booking')).ManageBookingView),
};
