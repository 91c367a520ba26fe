/** The Souk mark (a shopping bag on the brand teal), the same drawing as the favicon. */
export function Logo({ size = 32, className }: { size?: number; className?: string }) {
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="#0f766e" />
      <path d="M14 26h36l-3 24a4 4 0 0 1-4 3.5H21a4 4 0 0 1-4-3.5z" fill="#fdf0dc" />
      <path d="M23 26v-4a9 9 0 0 1 18 0v4" fill="none" stroke="#fdf0dc" strokeWidth="4" strokeLinecap="round" />
      <circle cx="32" cy="39" r="5" fill="#d97706" />
    </svg>
  );
}
