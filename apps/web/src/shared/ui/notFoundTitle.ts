/** Title of the not-found page, also used for routes whose page is not built yet. */
export const NOT_FOUND_TITLE = 'Page Not Found';
