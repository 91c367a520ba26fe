/** The QR code's SVG, drawn by the server, as an image source: an image never runs what it holds. */
export const qrImageSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
