/**
 * The web-platform classes shared code uses, which every runtime it runs in has (browsers, the service worker,
 * Node 20). Only these are declared: shared code is type-checked without the DOM library and without Node's types,
 * so that `window`, `document` or `process` there fails to compile. Other projects get the full declarations from
 * their own libraries and never include this file.
 */
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}

declare class URLSearchParams {
  constructor(init?: Record<string, string> | string);
  toString(): string;
}
