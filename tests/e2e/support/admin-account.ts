/** The platform admin of the e2e server: playwright.config.ts names it in ADMIN_EMAILS, admin.spec.ts signs it up. */
export const E2E_ADMIN_EMAIL = 'e2e-admin@souk.test';
