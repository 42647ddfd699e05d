/** The clinic's mark (the favicon's cross), drawn inline so it needs no request. */
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 32 32" className="logo-mark">
      <rect width="32" height="32" rx="6" fill="#0b2a5b" />
      <path d="M13 6h6v7h7v6h-7v7h-6v-7H6v-6h7z" fill="#fff" />
    </svg>
  );
}
