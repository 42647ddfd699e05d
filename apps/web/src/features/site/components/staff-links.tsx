import { Link } from '../../../lib/router.js';

export interface StaffLink {
  to: string;
  label: string;
}

/** The signed-in staff member's pages on /Admin and /AdminDoctor, instead of sign-in (issue 23, item 8). */
export function StaffLinks({ links, label }: { links: StaffLink[]; label: string }) {
  return (
    <nav aria-label={label}>
      <h2 className="site-staff-links-title">{label}</h2>
      <ul className="site-staff-links">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to}>{l.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
