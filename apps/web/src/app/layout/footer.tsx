import { Link } from '../../lib/router.js';
import { ClinicContact, type ClinicContactData } from '../../components/ui/clinic-contact.js';
import { useTranslation } from '../../lib/i18n.js';

/** The footer of public and patient pages (the layout decides when it shows), with the clinic's contact. */
export function Footer({ clinicName, contact }: { clinicName: string; contact: ClinicContactData | undefined }) {
  const { t } = useTranslation('frame');
  return (
    <footer className="site-footer">
      {contact && <ClinicContact contact={contact} />}
      <nav aria-label={t('footer.nav')}>
        <ul>
          <li>
            <Link to="/Sugerencias">{t('footer.suggestions')}</Link>
          </li>
          <li>
            <Link to="/preguntas-frecuentes">{t('footer.faq')}</Link>
          </li>
          <li>
            <Link to="/confidencialidad">{t('footer.privacy')}</Link>
          </li>
          <li>
            <a href="https://www.minsa.gob.pa/" target="_blank" rel="noopener noreferrer">
              {t('footer.minsa')}
              <span className="visually-hidden">{t('footer.newTab')}</span>
            </a>
          </li>
        </ul>
      </nav>
      <p className="footer-copy">{t('footer.copy', { year: new Date().getFullYear(), clinic: clinicName })}</p>
    </footer>
  );
}
