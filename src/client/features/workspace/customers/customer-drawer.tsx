import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MessageCircle } from 'lucide-react';
import { CUSTOMER_NOTES_MAX, CUSTOMER_TAG_MAX, type Customer, type CustomerDetail } from '../../../../shared/customers';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button, buttonClass } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/fields';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../lib/toast-store';
import { useFormatters } from '../../../lib/use-dates';
import { useWorkspace } from '../shell/workspace-context';
import { toastProblem } from '../ui/problem-message';
import ui from '../ui/workspace-ui.module.css';
import { customerQuery, useSaveCustomerNotes } from './customers-api';
import styles from './customers.module.css';

const NS = 'workspace-customers';

/** One customer (`?customer=key`): their totals, orders, bookings, the conversation, and the team's notes and tags. */
export function CustomerDrawer({ customerKey, onClose }: { customerKey: string; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { firmId } = useWorkspace();
  const detail = useQuery(customerQuery(firmId, customerKey));
  return (
    <Modal open onClose={onClose} title={detail.data?.customer.name ?? t('title')} size="large" className={styles.drawer}>
      {detail.isPending && <PageSpinner />}
      {detail.isError && <p className={ui.errorBox}>{t('detail.failed')}</p>}
      {detail.data && <CustomerBody detail={detail.data} />}
    </Modal>
  );
}

function CustomerBody({ detail }: { detail: CustomerDetail }) {
  const { t } = useTranslation(NS);
  const { firm } = useWorkspace();
  const f = useFormatters();
  const { customer } = detail;
  return (
    <div className={styles.detail} data-testid="customer-detail">
      <p className={styles.sub} dir="ltr">
        {[customer.flip && `@${customer.flip}`, customer.email].filter(Boolean).join(' · ')}
      </p>
      <dl className={styles.figures}>
        <div>
          <dt>{t('list.spent')}</dt>
          <dd>{f.money(customer.spentMinor, customer.currency)}</dd>
        </div>
        <div>
          <dt>{t('list.orders')}</dt>
          <dd>{customer.orders}</dd>
        </div>
        <div>
          <dt>{t('list.tickets')}</dt>
          <dd>{customer.tickets}</dd>
        </div>
        <div>
          <dt>{t('list.bookings')}</dt>
          <dd>{customer.bookings}</dd>
        </div>
        <div>
          <dt>{t('list.lastVisit')}</dt>
          <dd>{customer.lastVisitAt ? f.date(customer.lastVisitAt, firm.timezone) : t('list.never')}</dd>
        </div>
      </dl>
      {customer.conversationId && (
        <Link
          to="/workspace/customers"
          search={{ conversation: customer.conversationId }}
          className={buttonClass({ variant: 'secondary' })}
        >
          <MessageCircle size={18} aria-hidden="true" />
          {t('detail.conversation')}
        </Link>
      )}
      <NotesEditor customer={customer} />
      <section aria-labelledby="customer-orders" className={styles.section}>
        <h3 id="customer-orders" className={ui.panelTitle}>
          {t('detail.orders')}
        </h3>
        {detail.orders.length === 0 ? (
          <p className={ui.muted}>{t('detail.noOrders')}</p>
        ) : (
          <ul className={styles.lines}>
            {detail.orders.map((order) => (
              <li key={order.reference}>
                <Link to="/workspace/orders/$reference" params={{ reference: order.reference }} dir="ltr" className={styles.reference}>
                  {order.reference}
                </Link>
                <span>{f.date(order.createdAt, firm.timezone)}</span>
                <span>{t(`orderStatus.${order.status}`)}</span>
                <span>{f.money(order.totalMinor, order.currency)}</span>
                {order.refundedMinor > 0 && (
                  <span className={ui.muted}>{t('detail.refunded', { amount: f.money(order.refundedMinor, order.currency) })}</span>
                )}
                {order.tickets > 0 && <span className={ui.muted}>{t('detail.tickets', { count: order.tickets })}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="customer-bookings" className={styles.section}>
        <h3 id="customer-bookings" className={ui.panelTitle}>
          {t('detail.bookings')}
        </h3>
        {detail.bookings.length === 0 ? (
          <p className={ui.muted}>{t('detail.noBookings')}</p>
        ) : (
          <ul className={styles.lines}>
            {detail.bookings.map((booking) => (
              <li key={booking.id}>
                <span>{f.dateTime(booking.startsAt, firm.timezone)}</span>
                <span>{t('detail.party', { count: booking.party })}</span>
                <span>{t(`bookingStatus.${booking.status}`)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The team's notes and tags (tags typed with commas between them); read only without `audience.manage`. */
function NotesEditor({ customer }: { customer: Customer }) {
  const { t } = useTranslation([NS, 'workspace']);
  const { firmId, can } = useWorkspace();
  const save = useSaveCustomerNotes(firmId, customer.key);
  const [notes, setNotes] = useState(customer.notes);
  const [tags, setTags] = useState(customer.tags.join(', '));
  const editable = can('audience.manage');
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const list = tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean)
      .slice(0, CUSTOMER_TAG_MAX);
    save.mutate({ notes, tags: list }, { onSuccess: () => toast.success(t('detail.saved')), onError: toastProblem(t) });
  };
  return (
    <form className={styles.section} onSubmit={submit} aria-label={t('detail.editor')}>
      <TextAreaField
        id="customer-notes"
        label={t('detail.notes')}
        value={notes}
        maxLength={CUSTOMER_NOTES_MAX}
        rows={3}
        readOnly={!editable}
        onChange={(event) => setNotes(event.target.value)}
        placeholder={t('detail.notesHint')}
      />
      <TextField
        id="customer-tags"
        label={t('detail.tags')}
        hint={t('detail.tagsHint')}
        value={tags}
        readOnly={!editable}
        maxLength={CUSTOMER_TAG_MAX * 32}
        onChange={(event) => setTags(event.target.value)}
      />
      {editable ? (
        <Button type="submit" disabled={save.isPending}>
          {t('detail.save')}
        </Button>
      ) : (
        <p className={ui.muted}>{t('detail.readOnly')}</p>
      )}
    </form>
  );
}
