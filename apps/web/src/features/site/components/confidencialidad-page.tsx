import { Link } from '../../../lib/router.js';
import { TIMERS } from '@clinica/shared';
import { rich } from '../../../components/ui/rich-text.js';
import { useTranslation } from '../../../lib/i18n.js';
import { useSiteConfig } from '../api/get-site-config.js';
import '../site.css';

const idleMinutes = TIMERS.idleLogoutMs / 60_000;

const TOC = [
  'responsable',
  'datos',
  'finalidades',
  'consentimiento',
  'acceso',
  'transferencias',
  'conservacion',
  'seguridad',
  'derechos',
  'cookies',
  'autoridad',
] as const;
const DATA_ITEMS = ['identification', 'contact', 'account', 'health', 'appointments', 'payments', 'suggestions', 'technical'] as const;
const PURPOSES = ['care', 'identity', 'manage', 'communicate', 'protect', 'comply'] as const;
const RIGHTS = ['access', 'rectification', 'cancellation', 'objection', 'portability'] as const;

/**
 * /confidencialidad: the privacy notice under Panama's Ley 81 de 2019 (docs/spec/decisions.md). It states
 * only what the product actually does with personal data.
 */
export function ConfidencialidadPage() {
  const { t } = useTranslation('site_privacy');
  const config = useSiteConfig();
  const clinic = config.data?.clinicName ?? t('privacy.theClinic');
  const suggestions = (c: string) => <Link to="/Sugerencias">{c}</Link>;

  return (
    <article className="site-page site-legal" aria-labelledby="privacy-title">
      <h1 id="privacy-title">{t('privacy.title')}</h1>
      <p className="site-lead">{t('privacy.lead', { clinic })}</p>
      <p className="site-note">{t('privacy.lastUpdated', { date: t('privacy.lastUpdatedDate') })}</p>

      <nav className="site-toc" aria-label={t('privacy.tocLabel')}>
        <ol>
          {TOC.map((id) => (
            <li key={id}>
              <a href={`#${id}`}>{t(`privacy.toc.${id}`)}</a>
            </li>
          ))}
        </ol>
      </nav>

      <section id="responsable" className="site-block" aria-labelledby="privacy-responsable">
        <h2 id="privacy-responsable">{t('privacy.responsable.title')}</h2>
        <p>{t('privacy.responsable.p', { clinic })}</p>
      </section>

      <section id="datos" className="site-block" aria-labelledby="privacy-datos">
        <h2 id="privacy-datos">{t('privacy.datos.title')}</h2>
        <ul className="site-list">
          {DATA_ITEMS.map((item) => (
            <li key={item}>{rich(t(`privacy.datos.${item}`))}</li>
          ))}
        </ul>
      </section>

      <section id="finalidades" className="site-block" aria-labelledby="privacy-finalidades">
        <h2 id="privacy-finalidades">{t('privacy.finalidades.title')}</h2>
        <ul className="site-list">
          {PURPOSES.map((item) => (
            <li key={item}>{t(`privacy.finalidades.${item}`)}</li>
          ))}
        </ul>
        <p>{t('privacy.finalidades.noAds')}</p>
      </section>

      <section id="consentimiento" className="site-block" aria-labelledby="privacy-consentimiento">
        <h2 id="privacy-consentimiento">{t('privacy.consentimiento.title')}</h2>
        <p>{t('privacy.consentimiento.p1')}</p>
        <p>{t('privacy.consentimiento.p2')}</p>
      </section>

      <section id="acceso" className="site-block" aria-labelledby="privacy-acceso">
        <h2 id="privacy-acceso">{t('privacy.acceso.title')}</h2>
        <ul className="site-list">
          <li>{rich(t('privacy.acceso.doctor'))}</li>
          <li>{rich(t('privacy.acceso.admins'))}</li>
          <li>{rich(t('privacy.acceso.you'))}</li>
        </ul>
        <p>{t('privacy.acceso.authorities')}</p>
      </section>

      <section id="transferencias" className="site-block" aria-labelledby="privacy-transferencias">
        <h2 id="privacy-transferencias">{t('privacy.transferencias.title')}</h2>
        <p>{t('privacy.transferencias.p')}</p>
      </section>

      <section id="conservacion" className="site-block" aria-labelledby="privacy-conservacion">
        <h2 id="privacy-conservacion">{t('privacy.conservacion.title')}</h2>
        <p>{t('privacy.conservacion.p')}</p>
      </section>

      <section id="seguridad" className="site-block" aria-labelledby="privacy-seguridad">
        <h2 id="privacy-seguridad">{t('privacy.seguridad.title')}</h2>
        <ul className="site-list">
          <li>{t('privacy.seguridad.encrypted')}</li>
          <li>{t('privacy.seguridad.passwords')}</li>
          <li>{t('privacy.seguridad.access')}</li>
          <li>{t('privacy.seguridad.idle', { minutes: idleMinutes })}</li>
          <li>{t('privacy.seguridad.https')}</li>
        </ul>
        <p>{t('privacy.seguridad.incident')}</p>
      </section>

      <section id="derechos" className="site-block" aria-labelledby="privacy-derechos">
        <h2 id="privacy-derechos">{t('privacy.derechos.title')}</h2>
        <p>{t('privacy.derechos.intro')}</p>
        <dl className="site-rights">
          {RIGHTS.map((right) => (
            <div key={right}>
              <dt>{t(`privacy.derechos.${right}.term`)}</dt>
              <dd>{t(`privacy.derechos.${right}.def`)}</dd>
            </div>
          ))}
        </dl>
        <h3 id="ejercer">{t('privacy.derechos.howTitle')}</h3>
        <p>{rich(t('privacy.derechos.how'), { suggestions })}</p>
      </section>

      <section id="cookies" className="site-block" aria-labelledby="privacy-cookies">
        <h2 id="privacy-cookies">{t('privacy.cookies.title')}</h2>
        <p>{t('privacy.cookies.intro')}</p>
        <ul className="site-list">
          <li>{rich(t('privacy.cookies.session'))}</li>
          <li>{rich(t('privacy.cookies.consent', { days: TIMERS.cookieConsentDays }))}</li>
        </ul>
        <p>{t('privacy.cookies.noTracking')}</p>
      </section>

      <section id="autoridad" className="site-block" aria-labelledby="privacy-autoridad">
        <h2 id="privacy-autoridad">{t('privacy.autoridad.title')}</h2>
        <p>
          {rich(t('privacy.autoridad.p'), {
            antai: (c) => (
              <a href="https://www.antai.gob.pa" rel="noopener noreferrer" target="_blank">
                {c}
              </a>
            ),
          })}
        </p>
        <p>{rich(t('privacy.autoridad.changes'), { faq: (c) => <Link to="/preguntas-frecuentes">{c}</Link> })}</p>
      </section>
    </article>
  );
}
