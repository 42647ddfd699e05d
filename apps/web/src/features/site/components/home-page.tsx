import { Link } from '../../../lib/router.js';
import { ClinicContact } from '../../../components/ui/clinic-contact.js';
import { rich } from '../../../components/ui/rich-text.js';
import { useFrameMessages, useTranslation } from '../../../lib/i18n.js';
import { useSiteConfig } from '../api/get-site-config.js';
import { ClinicHours } from './clinic-hours.js';
import { PriceTable } from './price-table.js';
import { VideoEmbed } from './video-embed.js';
import '../site.css';

const SERVICE_CARDS = [
  { id: 'virtual', to: '/consultas-virtuales' },
  { id: 'general', to: '/medicina-general' },
  { id: 'psychology', to: '/psicologia' },
  { id: 'other', to: '/consultas-virtuales' },
] as const;

const SPONSOR_SLOTS = [1, 2, 3] as const;

function Videos() {
  const { t } = useTranslation('site');
  const messages = useFrameMessages();
  const config = useSiteConfig();
  if (config.isPending) return <p className="site-note">{messages.loading}</p>;
  if (config.isError) return <p className="site-note">{messages.videosUnavailable}</p>;
  const urls = config.data.videoUrls;
  return (
    <>
      {urls.map((url, i) => (
        <VideoEmbed
          key={url}
          url={url}
          title={t('home.videoTitle', { n: i + 1, clinic: config.data.clinicName })}
          position={t('home.videoPosition', { n: i + 1, total: urls.length })}
        />
      ))}
      <p className="site-note">{t('home.videosNote')}</p>
    </>
  );
}

/** The home page: videos, welcome and services, sponsors (docs/spec/patient-and-public.md, Home page). */
export function HomePage() {
  const { t } = useTranslation('site');
  const config = useSiteConfig();
  return (
    <div className="site-home">
      <section className="site-home-main" aria-labelledby="home-title">
        <h1 id="home-title">{t('home.title')}</h1>
        <p className="site-lead">{t('home.lead')}</p>

        <h2 className="site-visually-hidden">{t('home.servicesHeading')}</h2>
        <ul className="site-cards">
          {SERVICE_CARDS.map((card) => (
            <li key={card.id} className="site-card">
              <h3>
                <Link to={card.to}>{t(`home.cards.${card.id}.title`)}</Link>
              </h3>
              <p>{t(`home.cards.${card.id}.text`)}</p>
            </li>
          ))}
        </ul>

        <section className="site-block" aria-labelledby="home-prices">
          <h2 id="home-prices">{t('home.pricesHeading')}</h2>
          <div className="site-two">
            <PriceTable />
            <ClinicHours />
          </div>
        </section>

        {/* The hours are ClinicHours' above (the configured text or the booking rules' hours): not twice. */}
        {config.data && <ClinicContact contact={config.data.contact} className="site-block" showHours={false} />}

        <p className="site-closing">
          {rich(t('home.closing'), {
            contact: (c) => <Link to="/preguntas-frecuentes#contacto">{c}</Link>,
            book: (c) => <Link to="/citas">{c}</Link>,
          })}
        </p>
      </section>

      <aside className="site-home-videos" aria-labelledby="home-videos">
        <h2 id="home-videos">{t('home.videosHeading')}</h2>
        <Videos />
      </aside>

      <aside className="site-home-sponsors" aria-labelledby="home-sponsors">
        <h2 id="home-sponsors">{t('home.sponsorsHeading')}</h2>
        <ul className="site-sponsors">
          {SPONSOR_SLOTS.map((n) => (
            <li key={n}>{t('home.sponsorSlot')}</li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
