import { useState } from 'react';
import type { Sponsor } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Modal } from '../../../components/ui/modal.js';
import { messageOf } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useCreateSponsor } from '../api/create-sponsor.js';
import { useDeleteSponsor } from '../api/delete-sponsor.js';
import { useSponsors } from '../api/get-sponsors.js';
import { useUpdateSponsor } from '../api/update-sponsor.js';
import { ConfirmDelete } from '../../../components/ui/confirm-delete.js';
import { SponsorForm } from './sponsor-form.js';
import '../sponsors.css';

/** /Patrocinadores_Admin: the sponsors of the banner areas (name, logo, link), added, edited, removed. */
export function SponsorsAdminPage() {
  const { t } = useTranslation('sponsors');
  const messages = useMessages();
  const sponsors = useSponsors();
  const create = useCreateSponsor();
  const update = useUpdateSponsor();
  const remove = useDeleteSponsor();
  const [editing, setEditing] = useState<Sponsor | null>(null);
  const [deleting, setDeleting] = useState<Sponsor | null>(null);

  const confirmDelete = async (sponsor: Sponsor) => {
    try {
      const result = await remove.mutateAsync(sponsor.id);
      setDeleting(null);
      await showAlert(translateMessage(result.mensaje));
    } catch (error) {
      setDeleting(null);
      await showAlert(messageOf(error, messages.requestFailed));
    }
  };

  return (
    <div className="sponsors-page">
      <h1>{t('adminPage.title')}</h1>
      <section className="sponsors-card" aria-labelledby="sponsor-new">
        <h2 id="sponsor-new">{t('adminPage.new')}</h2>
        <SponsorForm mode="create" busy={create.isPending} save={(values) => create.mutateAsync(values)} />
      </section>
      <section className="sponsors-card" aria-labelledby="sponsor-list">
        <h2 id="sponsor-list">{t('adminPage.current')}</h2>
        {sponsors.isPending ? (
          <p className="sponsors-note">{messages.loading}</p>
        ) : sponsors.isError ? (
          <p className="sponsors-note" role="alert">
            {messages.loadFailed}
          </p>
        ) : sponsors.data.length === 0 ? (
          <p className="sponsors-empty">{messages.noSponsors}</p>
        ) : (
          <ul className="sponsors-list">
            {sponsors.data.map((s) => (
              <li key={s.id} className="sponsors-row">
                <img src={s.imagen_url} width={s.imagen_ancho} height={s.imagen_alto} alt="" loading="lazy" />
                <div className="sponsors-row-text">
                  <h3>{s.nombre}</h3>
                  <p>{s.enlace}</p>
                </div>
                <div className="sponsors-actions">
                  <Button variant="secondary" onClick={() => setEditing(s)} aria-label={t('adminPage.editLabel', { name: s.nombre })}>
                    {t('adminPage.edit')}
                  </Button>
                  <Button variant="danger" onClick={() => setDeleting(s)} aria-label={t('adminPage.deleteLabel', { name: s.nombre })}>
                    {t('adminPage.delete')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      {editing && (
        <Modal title={t('adminPage.editTitle')} onClose={() => setEditing(null)}>
          <SponsorForm
            mode="edit"
            defaults={{ nombre: editing.nombre, enlace: editing.enlace }}
            busy={update.isPending}
            save={(values) => update.mutateAsync({ ...values, id: editing.id })}
            onSaved={() => setEditing(null)}
          />
        </Modal>
      )}
      {deleting && (
        <ConfirmDelete
          name={deleting.nombre}
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void confirmDelete(deleting)}
        />
      )}
    </div>
  );
}
