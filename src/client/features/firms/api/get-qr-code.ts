/** The firm's QR code (SVG or PNG), linked and downloaded as a file rather than fetched. */
export const qrCodeUrl = (username: string, format: 'svg' | 'png') => `/api/public/firms/u/${encodeURIComponent(username)}/qr.${format}`;
