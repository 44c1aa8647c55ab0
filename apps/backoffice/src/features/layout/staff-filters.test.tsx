import { filteredPath } from './staff-filters';

describe('filteredPath', () => {
  it('names the filters the form holds, and only the ones given a value', () => {
    const form = document.createElement('form');
    form.innerHTML =
      '<select name="state"><option value="">Any</option><option value="paid" selected>paid</option></select><input name="from" value=""><input name="to" value="2026-11-27"><input name="other" value="x">';
    expect(filteredPath('/staff/payments', ['state', 'from', 'to'], form)).toBe('/staff/payments?state=paid&to=2026-11-27');
    form.querySelector('select')!.value = '';
    form.querySelector<HTMLInputElement>('[name="to"]')!.value = '';
    expect(filteredPath('/staff/payments', ['state', 'from', 'to'], form)).toBe('/staff/payments');
  });
});
