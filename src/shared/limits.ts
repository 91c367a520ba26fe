/** Business constants. */
export const AUTH_CACHE_MS = 600_000;

export const TOAST_TIMEOUT_MS = 5000;
export const TOAST_ERROR_TIMEOUT_MS = 8000;
export const TOAST_AUTH_ERROR_TIMEOUT_MS = 6000;
export const TOAST_EXIT_MS = 250;

/** @public the purchase form */
export const ADDON_QUANTITY_MIN = 0;
/** @public the purchase form */
export const ADDON_QUANTITY_MAX = 10;
export const EVENT_DESCRIPTION_TRUNCATE = 290;

/** @public the purchase form's friend search */
export const FRIEND_SEARCH_PAGE_SIZE = 20;
export const FRIEND_SEARCH_MIN_LENGTH = 1;
/** The typeahead list height. */
export const FRIEND_SEARCH_LIST_HEIGHT_PX = 200;
/** @public the purchase form's friend search */
export const FRIEND_SEARCH_DEBOUNCE_MS = 200;
export const PEOPLE_PAGE_SIZE = 100;

export const FETCH_LIMIT = { firms: 50, events: 50, products: 100, blog: 32 } as const;
export const DEFAULT_PAGE_SIZE = { firms: 50, blog: 4, products: 4, events: 100 } as const;

export const SCROLL_THRESHOLD_PX = 50;
export const SCROLL_THROTTLE_MS = 50;
export const HEADER_HIDE_THRESHOLD_PX = 20;

export const MINIMUM_AGE = 13;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const LEGAL_DATES = { aup: '2025-09-09', privacy: '2025-09-16', terms: '2025-09-03' } as const;

export const APP_NAME = 'Souk';
export const SUPPORT_EMAIL = 'support@souk.example';
export const CAREERS_EMAIL = 'careers@souk.example';
