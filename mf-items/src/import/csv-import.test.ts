import { droppedMessage, fileKind, importErrorMessage, mapColumns, MESSAGES, readPrice, readQuantity, rowsToItems, skippedMessage, TEMPLATE_CSV } from './csv-import';

describe('CSV import rules', () => {
  it('reads every alias of the table, in any case and with spaces for underscores', () => {
    const header = ['Product Name', 'VENDOR', 'Qty', 'Unit_Price', 'PO Number', 'Tracking ID', 'Comments', 'Product Link'];
    const result = rowsToItems([header, ['Sofa', 'Acme', '2', '$1,249.50', 'PO-7', '1Z9', 'Blue', 'https://x.test/sofa']]);
    expect(result).toMatchObject({
      ok: true,
      items: [{ name: 'Sofa', supplier: 'Acme', quantity: 2, price: '1249.50', scheduleNumber: 'PO-7', trackingNumber: '1Z9', notes: 'Blue', productUrl: 'https://x.test/sofa' }],
    });
    for (const [alias, field] of [
      ['item', 'name'], ['item_name', 'name'], ['manufacturer', 'supplier'], ['cost', 'price'], ['schedule', 'scheduleNumber'], ['order_number', 'scheduleNumber'],
      ['tracking', 'trackingNumber'], ['description', 'notes'], ['url', 'productUrl'], ['link', 'productUrl'],
    ]) {
      expect(mapColumns(['name', alias])[field as 'name']).toBe(alias === 'item' || alias === 'item_name' ? 0 : 1);
    }
  });

  it('counts amount as the price, unless the file has another price column; then as the quantity', () => {
    expect(rowsToItems([['name', 'amount'], ['Lamp', '45.00']])).toMatchObject({ ok: true, items: [{ name: 'Lamp', price: '45.00' }] });
    expect(rowsToItems([['name', 'amount', 'price'], ['Lamp', '3', '45.00']])).toMatchObject({ ok: true, items: [{ name: 'Lamp', quantity: 3, price: '45.00' }] });
    // A quantity column of its own keeps amount out of the quantity.
    expect(mapColumns(['name', 'qty', 'amount', 'cost'])).toMatchObject({ quantity: 1, price: 3 });
  });

  it('skips rows without a name, keeps quantity only if a whole number above 0 and price only if 0 or more', () => {
    const result = rowsToItems([
      ['name', 'quantity', 'price'],
      ['', '1', '1'],
      ['A', '0', '-5'],
      ['B', '1.5', 'abc'],
      ['C', '4', '0'],
      ['"Quoted"', ' 2 ', '$12,000'],
    ]);
    expect(result).toMatchObject({ ok: true, items: [{ name: 'A' }, { name: 'B' }, { name: 'C', quantity: 4, price: '0' }, { name: 'Quoted', quantity: 2, price: '12000' }] });
    expect(readQuantity('07')).toBe(7);
    expect(readPrice('1,234.5')).toBe('1234.5');
    expect(readPrice('-1')).toBeUndefined();
  });

  it('says which rows it skips and which values it cannot keep, by the file’s row numbers (blank lines counted)', () => {
    const result = rowsToItems([
      ['name', 'quantity', 'price'],
      ['Sofa', '2', '100'],
      [''],
      ['', 'Acme', '5'],
      ['Lamp', '0', '-5'],
      ['Rug', '', 'abc'],
      ['  ', '1', '1'],
    ]);
    expect(result).toEqual({
      ok: true,
      items: [{ name: 'Sofa', quantity: 2, price: '100' }, { name: 'Lamp' }, { name: 'Rug' }],
      rows: [2, 5, 6],
      skipped: [4, 7],
      dropped: [
        { row: 5, name: 'Lamp', field: 'quantity', value: '0' },
        { row: 5, name: 'Lamp', field: 'price', value: '-5' },
        { row: 6, name: 'Rug', field: 'price', value: 'abc' },
      ],
    });
    expect(skippedMessage([4, 7])).toBe('2 rows without a name will be skipped: rows 4, 7');
    expect(skippedMessage([3])).toBe('1 row without a name will be skipped: row 3');
    expect(droppedMessage({ row: 5, name: 'Lamp', field: 'quantity', value: '0' })).toBe('Row 5 (Lamp): quantity "0" is not a whole number of at least 1, so the item gets quantity 1');
    expect(droppedMessage({ row: 5, name: 'Lamp', field: 'price', value: '-5' })).toBe('Row 5 (Lamp): price "-5" is not an amount of 0 or more, so the item gets no price');
  });

  it('says what is wrong with the file', () => {
    expect(rowsToItems([['name']])).toEqual({ ok: false, message: 'CSV must have at least a header row and one data row' });
    expect(rowsToItems([])).toEqual({ ok: false, message: MESSAGES.tooShort });
    expect(rowsToItems([['supplier'], ['Acme']])).toEqual({ ok: false, message: "CSV must contain a 'name' or 'item' column" });
    expect(fileKind({ name: 'po.PDF', type: '' })).toBe('pdf');
    expect(fileKind({ name: 'items.xlsx', type: '' })).toBe('other');
    expect(fileKind({ name: 'items.csv', type: '' })).toBe('csv');
    expect(MESSAGES.pdf).toBe('PDF parsing is not yet implemented. Please use CSV format or convert your PDF to CSV.');
    expect(MESSAGES.unsupported).toBe('Unsupported file format. Please use CSV files.');
  });

  it('offers a template the importer itself reads', () => {
    const rows = TEMPLATE_CSV.split('\n').map((l) => l.split(','));
    const result = rowsToItems(rows);
    expect(result.ok && result.items.map((i) => i.name)).toEqual(['Boucle lounge chair', 'Walnut side table']);
  });

  it('lists the error count and one line per refused row', () => {
    expect(importErrorMessage(2, [{ row: 3, item: { name: 'X' }, error: 'quantity must be a whole number of at least 1' }, { row: 5, item: {}, error: 'Item name is required' }])).toBe(
      '2 items could not be imported:\nRow 3 (X): quantity must be a whole number of at least 1\nRow 5: Item name is required',
    );
  });
});
