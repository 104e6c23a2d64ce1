/** The analytics page's error texts. */
export const ANALYTICS_LOAD_FAILED = 'Failed to load analytics data';
export const ANALYTICS_LOAD_FALLBACK = 'Failed to load analytics';
export const CLEAN_CACHE_FAILED = 'Failed to clean cache';

export const KNOWLEDGE_SAVE_FAILED = 'Failed to save knowledge entry. Please try again.';
