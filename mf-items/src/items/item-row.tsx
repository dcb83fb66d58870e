import type { Item } from '@midway/contracts';
import { memo } from 'react';
import styled, { css } from 'styled-components';
import { statusTone } from '@midway/ui';
import { ITEM_STATUS_LABELS } from '@midway/contracts/vocab';
import { isOutForDelivery, OUT_FOR_DELIVERY_LABEL } from '@midway/ui/status';
import type { ItemActions } from './item-card';
import { badgeClass, ROW_BUTTON_CLASS, ROW_SELECT_CLASS, ROW_THUMB_CLASS, ROW_WARNING_CLASS, rowClass, rowIconClass, rowTemplate, ROWS_AS_CARDS_BELOW_PX, SELECT_COLUMN, type RowColumns } from './row-styles';
import { RowTrackingButton } from './tracking-button';

export { ROWS_AS_CARDS_BELOW_PX, type RowColumns } from './row-styles';

export const LIST_COLUMNS = ['Item', 'Project', 'Supplier', 'Carrier', 'Tracking', 'Status', 'Quantity', 'Actions'] as const;
export const PROJECT_TABLE_COLUMNS = ['Item', 'Supplier', 'Carrier', 'Tracking', 'Status', 'Quantity', 'Actions'] as const;

/** The list's box: its width decides between rows and cards (the shell's sidebar takes a share of the window). */
export const RowsFrame = styled.div`
  container-type: inline-size;
  width: 100%;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  overflow: hidden;
`;

const rowGrid = css<{ $cols: RowColumns }>`
  display: grid;
  grid-template-columns: ${({ $cols }) => rowTemplate($cols)};
  gap: 12px;
  align-items: center;
  padding: 10px 16px;
`;

export const HeaderRow = styled.div<{ $cols: RowColumns; $select?: boolean }>`
  ${rowGrid};
  ${({ $select, $cols }) => ($select ? css`grid-template-columns: ${SELECT_COLUMN} ${rowTemplate($cols)};` : '')}
  background: ${({ theme }) => theme.colors.surfaceMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 650;
  text-transform: uppercase;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.colors.textMuted};
  @container (max-width: ${ROWS_AS_CARDS_BELOW_PX - 0.02}px) { display: none; }
`;

/** The header's select-all box: checked when every loaded item the designer may change is selected. */
export interface SelectAll {
  checked: boolean;
  /** Some, not all, are selected. */
  mixed: boolean;
  onChange(on: boolean): void;
}

export function SelectAllBox({ checked, mixed, onChange }: SelectAll) {
  return (
    <input
      type="checkbox"
      className={ROW_SELECT_CLASS}
      aria-label="Select all loaded items"
      checked={checked}
      ref={(el) => {
        if (el) el.indeterminate = mixed;
      }}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
}

export function ItemsHeader({ cols, selectAll }: { cols: RowColumns; selectAll?: SelectAll }) {
  const names = cols === 'with-project' ? LIST_COLUMNS : PROJECT_TABLE_COLUMNS;
  return (
    <HeaderRow $cols={cols} $select={!!selectAll} role="row">
      {selectAll ? (
        <div role="columnheader">
          <SelectAllBox {...selectAll} />
        </div>
      ) : null}
      {names.map((n) => (
        <div key={n} role="columnheader">
          {n}
        </div>
      ))}
    </HeaderRow>
  );
}

/** The warning for a missing supplier, carrier or tracking number, as in MissingValue (named for screen readers). */
function RowValue({ value, what, code }: { value: string | null | undefined; what: string; code?: boolean }) {
  if (value?.trim()) return <span className={code ? 'code' : undefined} title={code ? value : undefined}>{value}</span>;
  return (
    <span className={ROW_WARNING_CLASS} title={`No ${what}`} data-testid="missing-warning">
      <span className={rowIconClass('alert')} role="img" aria-label={`No ${what}`} />
    </span>
  );
}

/**
 * A row's checkbox (List View), as plain props so an unchanged row skips rendering: `onSelect` present shows it,
 * `readOnly` (an item of a project the designer may only view) disables it.
 */
interface RowSelect {
  selected?: boolean;
  readOnly?: boolean;
  onSelect?(item: Item, on: boolean): void;
}

/**
 * One item as a table row (List View, By Project); a small card when the list is narrow. Rows mount and unmount
 * on every scroll frame, so they are plain elements styled by class (RowStyles), not icon and button components.
 */
export const ItemRow = memo(function ItemRow({ item, cols, actions, selected = false, readOnly = false, onSelect }: { item: Item; cols: RowColumns; actions: ItemActions } & RowSelect) {
  const cell = (label: string) => ({ role: 'cell', 'data-col': label, 'data-label': label === 'Item' || label === 'Actions' ? undefined : label });
  return (
    <div className={rowClass(cols, !!onSelect)} role="row" data-testid="item-row" aria-label={item.name} data-selected={selected ? '' : undefined}>
      {onSelect ? (
        <div role="cell" data-col="Select">
          <input
            type="checkbox"
            className={ROW_SELECT_CLASS}
            aria-label={`Select ${item.name}`}
            title={readOnly ? 'You can view this project but not change its items' : undefined}
            checked={selected}
            disabled={readOnly}
            onChange={(e) => onSelect(item, e.currentTarget.checked)}
          />
        </div>
      ) : null}
      <div className="item" {...cell('Item')}>
        <span className={ROW_THUMB_CLASS}>{item.photoUrl ? <img src={item.photoUrl} alt="" loading="lazy" /> : <span className={rowIconClass('image')} aria-hidden />}</span>
        <div style={{ minWidth: 0 }}>
          <div className="name">{item.name}</div>
          {item.skuCode ? <div className="muted">SKU: {item.skuCode}</div> : null}
        </div>
      </div>
      {cols === 'with-project' ? (
        <div {...cell('Project')}>
          <div>{item.projectName}</div>
          <div className="muted">{item.clientName}</div>
        </div>
      ) : null}
      <div {...cell('Supplier')}>
        <RowValue value={item.supplier} what="supplier" />
      </div>
      <div {...cell('Carrier')}>
        {item.carrierId ? actions.carrierName(item.carrierId) : <RowValue value={null} what="carrier" />}
      </div>
      <div {...cell('Tracking')}>
        <div className="inline">
          <RowValue value={item.trackingNumber} what="tracking number" code />
          <RowTrackingButton item={item} carrierName={actions.carrierName} />
        </div>
      </div>
      <div className="statuses" {...cell('Status')}>
        <span className={badgeClass(statusTone(item.status))}>
          <span className={rowIconClass(item.status)} aria-hidden />
          {ITEM_STATUS_LABELS[item.status]}
        </span>
        {isOutForDelivery(item) ? (
          <span className={badgeClass('blue')} data-testid="out-for-delivery">
            <span className={rowIconClass('in-transit')} aria-hidden />
            {OUT_FOR_DELIVERY_LABEL}
          </span>
        ) : null}
      </div>
      <div {...cell('Quantity')}>{item.quantity ?? 1}</div>
      <div className="inline" {...cell('Actions')}>
        <button type="button" className={ROW_BUTTON_CLASS} aria-label={`View ${item.name}`} title="View" onClick={() => actions.onView(item)}>
          <span className={rowIconClass('eye')} aria-hidden />
        </button>
        <button type="button" className={ROW_BUTTON_CLASS} aria-label={`Edit ${item.name}`} title="Edit" onClick={() => actions.onEdit(item)}>
          <span className={rowIconClass('pencil')} aria-hidden />
        </button>
      </div>
    </div>
  );
});
