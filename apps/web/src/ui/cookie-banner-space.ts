/** CSS variable holding the cookie banner's height while it shows. */
export const COOKIE_BANNER_HEIGHT_VAR = '--cookie-banner-height';

/** Bottom padding for page layouts, so the banner never hides the end of a page. */
export const COOKIE_BANNER_SPACE = `var(${COOKIE_BANNER_HEIGHT_VAR}, 0px)`;
