import { Logo } from '../../components/brand';
import type { SiteSchool } from '../types';

/** The school's logo: the uploaded one when an administrator set it, else the drawn seal. */
export function BrandMark({ school }: { school: SiteSchool }) {
  if (school.logo_url)
    return <img src={school.logo_url} alt="" width={40} height={40} className="kw-brand-mark" />;
  return <Logo size={40} className="kw-brand-mark" />;
}
