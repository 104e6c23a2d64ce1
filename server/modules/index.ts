import type { FastifyInstance } from 'fastify';
import { forgetOnWrites } from '../platform/read-cache';
import { publicUrl } from '../config';
import type { Platform } from '../platform';
import { conversationsRoutes } from './ai-sifu/history/conversations.routes';
import { createConversationsService } from './ai-sifu/history/conversations.service';
import { notesRoutes } from './ai-sifu/history/notes.routes';
import { createNotesService } from './ai-sifu/history/notes.service';
import { askRoutes } from './ai-sifu/ask/ask.routes';
import { createAskService } from './ai-sifu/ask/ask.service';
import type { AiProvider } from './ai-sifu/ask/provider';
import { createProvider } from './ai-sifu/ask/providers';
import { createRetrieval } from './ai-sifu/ask/retrieval';
import { analyticsRoutes } from './ai-sifu/analytics/analytics.routes';
import { createAnalyticsService } from './ai-sifu/analytics/analytics.service';
import { knowledgeRoutes } from './ai-sifu/knowledge/knowledge.routes';
import { createKnowledgeService } from './ai-sifu/knowledge/knowledge.service';
import { authRoutes } from './auth/auth.routes';
import { bookingsRoutes } from './bookings/bookings.routes';
import { createBookingsService } from './bookings/bookings.service';
import { blogRoutes } from './blog/blog.routes';
import { registerBlogFeeds } from './blog/blog.feeds';
import { createBlogService } from './blog/blog.service';
import { classesRoutes } from './classes/classes.routes';
import { communityRoutes } from './community/community.routes';
import { createCommunityService } from './community/community.service';
import { createClassesService } from './classes/classes.service';
import { createAuthService } from './auth/auth.service';
import { contactRoutes } from './contact/contact.routes';
import { createContactService } from './contact/contact.service';
import { contentRoutes } from './courses/content.routes';
import { createContentService } from './courses/content.service';
import { coursesRoutes } from './courses/courses.routes';
import { createCoursesService } from './courses/courses.service';
import { courseRequestsRoutes } from './course-requests/course-requests.routes';
import { createCourseRequestsService } from './course-requests/course-requests.service';
import { enrollmentsRoutes } from './enrollments/enrollments.routes';
import { createEnrollmentsService } from './enrollments/enrollments.service';
import { createCourseAccess } from './enrollments/course-access.service';
import { healthRoutes } from './health/health.routes';
import { jobsRoutes } from './jobs/jobs.routes';
import { createJobsService } from './jobs/jobs.service';
import { liveRoutes } from './live/live.routes';
import { createLiveService, type LiveService } from './live/live.service';
import { mailRoutes } from './mail/mail.routes';
import { newsRoutes } from './news/news.routes';
import { createNewsService } from './news/news.service';
import { messagesRoutes } from './messages/messages.routes';
import { createMessagesService } from './messages/messages.service';
import { createMailService } from './mail/mail.service';
import { paymentsRoutes } from './payments/payments.routes';
import { createPaymentRecords, createPaymentsService } from './payments/payments.service';
import { progressRoutes } from './progress/progress.routes';
import { createProgressService } from './progress/progress.service';
import { loadSiteAssets } from './site/site-assets';
import { siteRoutes } from './site/site.routes';
import { createSiteSources, type PublicServices } from './site/site-sources';
import { createSiteService } from './site/site.service';
import { quotesRoutes } from './quotes/quotes.routes';
import { createQuotesService } from './quotes/quotes.service';
import { resourcesRoutes } from './resources/resources.routes';
import { createResourcesService } from './resources/resources.service';
import { reviewsRoutes } from './reviews/reviews.routes';
import { createSchoolService, SCHOOL_CHANNEL } from './school/school.service';
import { searchRoutes } from './search/search.routes';
import { createSearchService } from './search/search.service';
import { supportRoutes } from './support/support.routes';
import { createSupportService } from './support/support.service';
import { schoolRoutes } from './school/school.routes';
import { createReviewsService } from './reviews/reviews.service';
import { createTestimonialsService, TESTIMONIALS_CHANNEL } from './testimonials/testimonials.service';
import { testimonialsRoutes } from './testimonials/testimonials.routes';
import { termsRoutes } from './terms/terms.routes';
import { createTermsService } from './terms/terms.service';
import { uploadsRoutes } from './uploads/uploads.routes';
import { createUploadsService, type UploadsService } from './uploads/uploads.service';
import { usersRoutes } from './users/users.routes';
import { createUsersService } from './users/users.service';

export interface ModuleOptions {
  /** The built web app (dist/web), whose manifest names the public site's files. */
  webRoot: string;
  /** Who writes AI Sifu's answers instead of the one AI_PROVIDER names (tests: a provider that fails). */
  aiProvider?: AiProvider;
}

/**
 * Builds every module's service, registers its routes under /api, and the public site's pages
 * and feeds at the root.
 */
export async function registerModules(
  app: FastifyInstance,
  platform: Platform,
  options: ModuleOptions,
): Promise<void> {
  let services: PublicServices | undefined;
  // One live service for the whole app: its routes, the modules that publish, and tests (`app.live`).
  const live = createLiveService(platform);
  app.decorate('live', live);
  // One uploads service too: the modules whose records show files register with it (`app.uploads`).
  const uploads = createUploadsService(platform);
  app.decorate('uploads', uploads);
  // The pages are built from the services, after them; a write before then has nothing to forget.
  const pages: { forget: () => void } = { forget: () => {} };
  await app.register(
    async (api) => {
      services = await registerApi(api, platform, live, uploads, () => pages.forget(), options);
    },
    { prefix: '/api' },
  );
  const { blog } = services!;
  registerBlogFeeds(app, blog, {
    baseUrl: publicUrl(platform.config),
    siteName: async () => (await services!.school.get()).name,
  });
  const site = createSiteService(
    platform,
    createSiteSources(services!),
    loadSiteAssets(options.webRoot, platform.config.NODE_ENV === 'development'),
  );
  pages.forget = site.forget;
  await app.register(siteRoutes({ site }));
}

/** `forgetPages`: the rendered public pages, which a write may have changed. */
async function registerApi(
  api: FastifyInstance,
  platform: Platform,
  live: LiveService,
  uploads: UploadsService,
  forgetPages: () => void,
  options: ModuleOptions,
): Promise<PublicServices> {
  await api.register(healthRoutes(platform));
  const courses = createCoursesService(platform, { images: uploads });
  const search = createSearchService(platform);
  const knowledge = createKnowledgeService(platform);
  const access = createCourseAccess(platform);
  const paymentRecords = createPaymentRecords(platform);
  const enrollments = createEnrollmentsService(platform, { courses, access, paidOrders: paymentRecords });
  const users = createUsersService(platform, {
    courseLister: enrollments,
    avatarFiles: uploads,
    keptRecords: paymentRecords,
  });
  const progress = createProgressService(platform, { enrollments, courses });
  await forgetOnWrites(api, platform.events, {
    shared() {
      courses.forgetCards();
      search.forget();
      knowledge.forget();
      forgetPages();
    },
    reader(userId) {
      courses.forgetAnswersOf(userId);
      users.forgetProfileOf(userId);
      progress.forgetCompletedOf(userId);
    },
    everyReader() {
      courses.forgetAnswersOf();
      users.forgetProfileOf();
      progress.forgetCompletedOf();
    },
  });
  await api.register(usersRoutes({ users }, platform.config));
  await api.register(enrollmentsRoutes({ enrollments }));
  await api.register(communityRoutes({ community: createCommunityService(platform, { users, access }) }));
  const auth = createAuthService(platform, { users });
  await api.register(authRoutes({ auth }, platform.config));
  await api.register(termsRoutes({ terms: createTermsService(platform) }));
  await api.register(uploadsRoutes({ uploads }));
  await api.register(mailRoutes({ mail: createMailService(platform) }));
  await api.register(jobsRoutes({ jobs: createJobsService(platform) }));
  await api.register(liveRoutes({ live }));
  await api.register(coursesRoutes({ courses }));
  await api.register(contentRoutes({ content: createContentService(platform) }));
  await api.register(progressRoutes({ progress }));
  await api.register(reviewsRoutes({ reviews: createReviewsService(platform, { courses, access }) }));
  await api.register(courseRequestsRoutes({ requests: createCourseRequestsService(platform) }));
  const payments = createPaymentsService(platform, { enrollments, courses, users });
  await api.register(paymentsRoutes({ payments }));
  await api.register(contactRoutes({ contact: createContactService(platform, { users, courses }) }));
  const testimonials = createTestimonialsService(platform, { users });
  await forgetOnEvent(api, platform, TESTIMONIALS_CHANNEL, () => testimonials.forgetPublic());
  await api.register(testimonialsRoutes({ testimonials }));
  const school = createSchoolService(platform);
  await forgetOnEvent(api, platform, SCHOOL_CHANNEL, () => school.forget());
  await api.register(schoolRoutes({ school }));
  await api.register(bookingsRoutes({ bookings: createBookingsService(platform, { users, school }) }));
  // Registered with uploads in the order an administrator reads the places that still show a file.
  const news = createNewsService(platform, { users, files: uploads });
  const resources = createResourcesService(platform, { files: uploads });
  const blog = createBlogService(platform, {
    files: uploads,
    schoolName: async () => (await school.get()).name,
  });
  const stopListening = await blog.listen();
  api.addHook('onClose', stopListening);
  await api.register(blogRoutes({ blog }));
  const classes = createClassesService(platform);
  await api.register(classesRoutes({ classes }));
  const messages = createMessagesService(platform, { users, live });
  await api.register(messagesRoutes({ messages }));
  await api.register(supportRoutes({ support: createSupportService(platform, { messages, users }) }));
  await api.register(newsRoutes({ news }));
  await api.register(quotesRoutes({ quotes: createQuotesService(platform) }));
  await api.register(resourcesRoutes({ resources }));
  await api.register(searchRoutes({ search }, platform.config));
  const conversations = createConversationsService(platform, { access });
  await api.register(conversationsRoutes({ conversations }));
  await api.register(notesRoutes({ notes: createNotesService(platform, { conversations }) }));
  const ask = createAskService(platform, {
    retrieval: createRetrieval(platform),
    provider: options.aiProvider ?? createProvider(platform.config),
    access,
  });
  await api.register(askRoutes({ ask }, platform.config));
  await api.register(knowledgeRoutes({ knowledge }));
  await api.register(analyticsRoutes({ analytics: createAnalyticsService(platform) }));
  return { school, testimonials, blog, classes };
}

/** A cache that another instance's write makes stale: forgotten when that instance says so. */
async function forgetOnEvent(api: FastifyInstance, platform: Platform, channel: string, forget: () => void) {
  const unsubscribe = await platform.events.subscribe(channel, forget);
  api.addHook('onClose', unsubscribe);
}
