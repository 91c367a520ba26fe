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

/** Base64 of a binary string (the ticket codes at the door). */
declare function btoa(data: string): string;
declare function atob(data: string): string;

/** The part of Web Crypto the door's ticket codes use: an HMAC key, signing with it. */
declare interface CryptoKey {
  readonly type: string;
}

declare const crypto: {
  readonly subtle: {
    importKey(
      format: 'raw',
      keyData: Uint8Array<ArrayBuffer>,
      algorithm: { name: 'HMAC'; hash: 'SHA-256' },
      extractable: boolean,
      keyUsages: 'sign'[],
    ): Promise<CryptoKey>;
    sign(algorithm: 'HMAC', key: CryptoKey, data: Uint8Array): Promise<ArrayBuffer>;
  };
};
