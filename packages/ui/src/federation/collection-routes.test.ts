import { collectionRoutes, type Collection } from './collection-routes';

const head = { title: 'T', description: 'D', keywords: 'K' };

function collection(showsList?: boolean) {
  const listPrefetch = jest.fn();
  const itemPrefetch = jest.fn();
  const spec: Collection = {
    list: { path: '/courses', head, load: jest.fn(), area: { getState: () => ({ prefetch: listPrefetch }) } },
    item: { path: '/course', head, load: jest.fn(), area: { getState: () => ({ prefetch: itemPrefetch }) }, showsList },
    items: async () => [{ _id: 'iso-22000' }, { _id: 'a/b c' }],
  };
  return { spec, listPrefetch, itemPrefetch };
}

describe('collectionRoutes', () => {
  it('makes the list page and the item page, both prerendered, an item page per item of the list call', async () => {
    const [list, item] = collectionRoutes(collection().spec);
    expect(list).toMatchObject({ path: '/courses', head, prerender: true });
    expect(item).toMatchObject({ path: '/course/:id', head });
    expect(typeof item!.prerender).toBe('function');
    // Ids are path segments: a slash or a space in one must not make another path.
    await expect((item!.prerender as () => Promise<string[]>)()).resolves.toEqual(['/course/iso-22000', '/course/a%2Fb%20c']);
  });

  it('asks ahead for what each page shows: the list, the item, and the list too where the item page shows it', () => {
    const plain = collection();
    const [list, item] = collectionRoutes(plain.spec);
    list!.prefetch!({});
    expect(plain.listPrefetch).toHaveBeenCalledTimes(1);
    item!.prefetch!({ id: 'iso-22000' });
    expect(plain.itemPrefetch).toHaveBeenCalledWith('iso-22000');
    expect(plain.listPrefetch).toHaveBeenCalledTimes(1);

    const withList = collection(true);
    collectionRoutes(withList.spec)[1]!.prefetch!({ id: 'post-1' });
    expect(withList.itemPrefetch).toHaveBeenCalledWith('post-1');
    expect(withList.listPrefetch).toHaveBeenCalledTimes(1);
  });
});
