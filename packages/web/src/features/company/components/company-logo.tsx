import type { Company } from '@tradedesk/contract';

/** The company's logo, or its initials when it has none. */
export function CompanyLogo({ company, size = 40 }: { company: Company; size?: number }) {
  const style = { width: size, height: size };
  if (company.logo) return <img className="company-logo" src={company.logo} alt="" style={style} />;
  const initials = company.name
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word))
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
  return (
    <span className="company-logo company-initials" style={style} aria-hidden="true">
      {initials}
    </span>
  );
}
