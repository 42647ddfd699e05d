import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from '../../../lib/router.js';
import { SERVICE_PRICE_CENTS, TIMERS } from '@clinica/shared';
import { ClinicContact } from '../../../components/ui/clinic-contact.js';
import { rich } from '../../../components/ui/rich-text.js';
import { useTranslation, type TFunction } from '../../../lib/i18n.js';
import { useSiteConfig } from '../api/get-site-config.js';
import { VIRTUAL_HOURS, formatPrice, formatRange } from '../site-content.js';
import { ClinicHours } from './clinic-hours.js';
import { PriceTable } from './price-table.js';
import '../site.css';

const chatMinutes = TIMERS.chatSeconds / 60;
const idleMinutes = TIMERS.idleLogoutMs / 60_000;
const warningMinutes = TIMERS.sessionWarningSeconds / 60;

interface Question {
  /** The answer's anchor (links such as /preguntas-frecuentes#contacto). */
  id: string;
  /** Its texts in the `site` catalogue, under `faq.<key>`. */
  key: string;
  a: (t: TFunction, language: string) => ReactNode;
}

interface Group {
  id: string;
  questions: readonly Question[];
}

const link = (to: string) => (chunk: string) => <Link to={to}>{chunk}</Link>;

/** The clinic's contact from the configuration (the same piece as the footer's). */
function FaqContact() {
  const config = useSiteConfig();
  return config.data ? <ClinicContact contact={config.data.contact} headingLevel={null} className="site-faq-contact" /> : null;
}

const GROUPS: readonly Group[] = [
  {
    id: 'consultas',
    questions: [
      {
        id: 'como-funciona',
        key: 'howItWorks',
        a: (t) => (
          <>
            <ol>
              <li>{t('faq.howItWorks.step1')}</li>
              <li>{rich(t('faq.howItWorks.step2'), { virtual: link('/consultas-virtuales') })}</li>
              <li>{t('faq.howItWorks.step3')}</li>
              <li>{t('faq.howItWorks.step4')}</li>
              <li>{t('faq.howItWorks.step5')}</li>
            </ol>
            <p>{t('faq.howItWorks.after')}</p>
          </>
        ),
      },
      {
        id: 'servicios',
        key: 'services',
        a: (t) => (
          <p>
            {rich(t('faq.services.a'), { general: link('/medicina-general'), psychology: link('/psicologia') })}
          </p>
        ),
      },
      {
        id: 'urgencias',
        key: 'urgency',
        a: (t) => (
          <>
            <p>{t('faq.urgency.intro')}</p>
            <ul>
              <li>{rich(t('faq.urgency.typeA'))}</li>
              <li>{rich(t('faq.urgency.typeB'))}</li>
              <li>{rich(t('faq.urgency.typeC'))}</li>
            </ul>
            <p>{t('faq.urgency.warning')}</p>
          </>
        ),
      },
      {
        id: 'hora-de-chat',
        key: 'chatTime',
        a: (t) => (
          <>
            <p>{t('faq.chatTime.a1', { minutes: chatMinutes })}</p>
            <p>{t('faq.chatTime.a2')}</p>
          </>
        ),
      },
    ],
  },
  {
    id: 'precios',
    questions: [
      {
        id: 'precios',
        key: 'prices',
        a: (t) => (
          <>
            <PriceTable caption={t('faq.prices.caption')} />
            <p>{t('faq.prices.a', { price: formatPrice(SERVICE_PRICE_CENTS.consulta_general) })}</p>
          </>
        ),
      },
      {
        id: 'horarios',
        key: 'hours',
        a: (t, language) => (
          <>
            <ClinicHours />
            <p>{t('faq.hours.a', { range: formatRange(VIRTUAL_HOURS, t, language) })}</p>
          </>
        ),
      },
      {
        id: 'formas-de-pago',
        key: 'paymentMethods',
        a: (t) => (
          <>
            <ul>
              <li>{rich(t('faq.paymentMethods.paypal'))}</li>
              <li>{rich(t('faq.paymentMethods.transfer'))}</li>
              <li>{rich(t('faq.paymentMethods.yappy'))}</li>
            </ul>
            <p>{t('faq.paymentMethods.note')}</p>
          </>
        ),
      },
      {
        id: 'aprobacion',
        key: 'approval',
        a: (t) => <p>{t('faq.approval.a')}</p>,
      },
    ],
  },
  {
    id: 'citas',
    questions: [
      {
        id: 'pedir-cita',
        key: 'book',
        a: (t) => <p>{rich(t('faq.book.a'), { appointments: link('/citas') })}</p>,
      },
      {
        id: 'cancelar-cita',
        key: 'cancel',
        // The truth (issue 23): patients cancel themselves in /Citas_usuario, more than 24 hours ahead.
        a: (t) => <p>{rich(t('faq.cancel.a'), { mine: link('/Citas_usuario'), contact: link('/preguntas-frecuentes#contacto') })}</p>,
      },
    ],
  },
  {
    id: 'cuenta',
    questions: [
      {
        id: 'registro',
        key: 'register',
        a: (t) => <p>{t('faq.register.a')}</p>,
      },
      {
        id: 'sesion',
        key: 'session',
        a: (t) => <p>{t('faq.session.a', { idle: idleMinutes, warning: warningMinutes })}</p>,
      },
      {
        id: 'mis-datos',
        key: 'myData',
        a: (t) => (
          <p>
            {rich(t('faq.myData.a'), {
              profile: link('/Usuarios'),
              consultations: link('/Consultas'),
              appointments: link('/Citas_usuario'),
              receipts: link('/Recibo_pagos'),
            })}
          </p>
        ),
      },
      {
        id: 'proteccion',
        key: 'protection',
        a: (t) => <p>{rich(t('faq.protection.a'), { privacy: link('/confidencialidad') })}</p>,
      },
      {
        id: 'contacto',
        key: 'contact',
        a: (t) => (
          <>
            <p>{rich(t('faq.contact.a'), { suggestions: link('/Sugerencias') })}</p>
            <FaqContact />
          </>
        ),
      },
    ],
  },
];

/** /preguntas-frecuentes: the clinic's frequent questions (docs/spec/decisions.md, pages without a target). */
export function FaqPage() {
  const { t, i18n } = useTranslation('site_faq');
  const { hash } = useLocation();

  // A link such as /preguntas-frecuentes#contacto opens and shows that answer.
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const target = document.getElementById(id);
    if (target instanceof HTMLDetailsElement) target.open = true;
    target?.scrollIntoView({ block: 'start' });
  }, [hash]);

  return (
    <article className="site-page" aria-labelledby="faq-title">
      <h1 id="faq-title">{t('faq.title')}</h1>
      <p className="site-lead">{t('faq.lead')}</p>
      {GROUPS.map((group) => (
        <section key={group.id} className="site-block" aria-labelledby={`faq-${group.id}`}>
          <h2 id={`faq-${group.id}`}>{t(`faq.groups.${group.id}`)}</h2>
          {group.questions.map((item) => (
            <details key={item.id} id={item.id} className="site-faq">
              <summary>{t(`faq.${item.key}.q`)}</summary>
              <div className="site-faq-answer">{item.a(t, i18n.language)}</div>
            </details>
          ))}
        </section>
      ))}
    </article>
  );
}
