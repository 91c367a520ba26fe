import { useTranslation } from 'react-i18next';
import { CreditCard, HandCoins } from 'lucide-react';
import { KITCHEN_NOTE_MAX, type Cart } from '../../../../shared/cart';
import { ChoiceCards, TextAreaField } from '../../../components/ui/fields';
import { TableBadge } from '../../../components/ui/table-badge';
import type { TableVisitKept } from '../../../lib/table-visit';

/** How a cart of dishes is paid: now, through the payment step, or at the counter once served. */
export type DishPayment = 'now' | 'counter';

/**
 * A cart with dishes: the note for the kitchen; ordered from a table, the table it goes to and, where
 * the firm allows it for dishes alone, the choice of paying at the counter.
 */
export function DishOrderFields({
  cart,
  table,
  note,
  onNote,
  payment,
  onPayment,
}: {
  cart: Cart;
  table: TableVisitKept | null;
  note: string;
  onNote: (note: string) => void;
  payment: DishPayment;
  onPayment: (payment: DishPayment) => void;
}) {
  const { t } = useTranslation('tickets');
  if (!cart.lines.some((line) => line.itemType === 'menu_item')) return null;
  return (
    <>
      {table && <TableBadge caption={t('table.orderingFor')} label={table.label} />}
      <TextAreaField
        id={`kitchen-note-${cart.firmId}`}
        label={t('table.note')}
        placeholder={t('table.notePlaceholder')}
        value={note}
        maxLength={KITCHEN_NOTE_MAX}
        rows={2}
        onChange={(event) => onNote(event.target.value)}
      />
      {counterOffered(cart, table) && (
        <ChoiceCards
          legend={t('table.paymentLegend')}
          name={`payment-${cart.firmId}`}
          value={payment}
          onChange={onPayment}
          options={[
            { value: 'now', label: t('table.payNow'), icon: <CreditCard size={18} /> },
            { value: 'counter', label: t('table.payAtCounter'), description: t('table.payAtCounterHint'), icon: <HandCoins size={18} /> },
          ]}
        />
      )}
    </>
  );
}

/** Paying at the counter is offered for a table's order of dishes alone, where the firm allows it (the server decides again). */
export const counterOffered = (cart: Cart, table: TableVisitKept | null) =>
  Boolean(table?.counterPayment) && cart.lines.every((line) => line.itemType === 'menu_item');
