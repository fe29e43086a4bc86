/** The uploaded logo when configured, otherwise the platform's default mark. */
export function SystemLogo({ url, size = 40 }: { url: string | null; size?: number }) {
  if (url) {
    return <img className="zg-logo" src={url} alt="" width={size} height={size} style={{ objectFit: 'contain' }} />;
  }
  return (
    <svg className="zg-logo" viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#fff" fillOpacity="0.18" />
      <rect x="1" y="1" width="30" height="30" rx="6" fill="none" stroke="#fff" strokeOpacity="0.55" />
      <path
        d="M8 21.5 13.5 15l4 4L24 11"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="24" cy="11" r="2.2" fill="#fff" />
    </svg>
  );
}
