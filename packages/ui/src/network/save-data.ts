/** What the browser says of the visitor's link (the Network Information API, where there is one). */
interface Connection {
  saveData?: boolean;
  effectiveType?: string;
}

const connection = (): Connection | undefined => (navigator as Navigator & { connection?: Connection }).connection;

/** The visitor asked to save data (Save-Data): no decorative pictures, no autoplay, nothing fetched ahead. */
export const savingData = (): boolean => connection()?.saveData === true;

/** Nothing is fetched ahead on Save-Data or a 2G link: the visitor pays for every byte and waits for each. */
export const mayFetchAhead = (): boolean => !savingData() && !/(^|-)2g$/.test(connection()?.effectiveType ?? '');
