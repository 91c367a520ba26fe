/**
 * The translations only signed-in pages use (the account, the inbox, the notifications, the workspace): their loaders
 * are not in every visitor's entry (33 of the 72 locale loaders and their chunk lists); lib/i18n.ts
 * loads this module the first time such a namespace is asked for. SIGNED_IN_NAMESPACES in lib/i18n.ts leaves the same
 * files out of its own glob.
 */
export const signedInBundles = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/{admin,messages,notifications,people,profile,settings}.json',
  '../locales/*/workspace*.json',
]);
