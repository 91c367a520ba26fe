/**
 * What a firm username looks like (docs/architecture.md). Apart from the reserved words (usernames.ts) so that the
 * firm page's route, in every visitor's entry, checks the shape without the list: the API answers 404 for a
 * reserved word, which no firm can have.
 */
export const USERNAME_PATTERN = /^[a-z0-9](?:[a-z0-9._-]{1,38}[a-z0-9])?$/i;
