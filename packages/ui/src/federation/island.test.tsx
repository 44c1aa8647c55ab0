import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { InsideIslandContext, Island, IslandCollectorContext, islandSlot, type IslandCollector } from './island';
import { ISLAND, type IslandName } from './island-protocol';

// Names no owner's table has: the type-check takes only those (IslandNames).
const greeting = 'test/greeting' as IslandName;
const inner = 'test/inner' as IslandName;

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

test('on an application page an island renders its component in place, its element saying how it wakes', () => {
  const { container } = render(
    <Island name={greeting} component={Greeting} props={{ name: 'Wanjiku' }} hydration={['changed', 'interaction']} until="2026-12-01T09:00:00Z" />,
  );
  expect(screen.getByText('Hello Wanjiku')).toBeInTheDocument();
  const element = container.firstElementChild!;
  expect(element).toHaveAttribute(ISLAND.name, 'test/greeting');
  expect(element).toHaveAttribute(ISLAND.hydration, 'changed interaction');
  expect(element).toHaveAttribute(ISLAND.props, '{"name":"Wanjiku"}');
  expect(element).toHaveAttribute(ISLAND.until, '2026-12-01T09:00:00Z');
});

test('while a document with islands is written, an island leaves its slot, at its place among the page’s islands', () => {
  const collected: object[] = [];
  const collector: IslandCollector = { add: (island) => collected.push(island) - 1 };
  const html = renderToString(
    <IslandCollectorContext value={collector}>
      <Island name={greeting} component={Greeting} props={{ name: 'Otieno' }} hydration="interaction" />
    </IslandCollectorContext>,
  );
  expect(collected).toEqual([{ name: 'test/greeting', component: Greeting, props: { name: 'Otieno' } }]);
  expect(html).toContain(`${ISLAND.index}="0"`);
  expect(html).toContain(islandSlot(0));
  expect(html).not.toContain('Hello');
});

test('an island inside another is an error, not drawn in place (each is one React root)', () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  const Outer = () => <Island name={inner} component={Greeting} props={{ name: 'Achieng' }} hydration="interaction" />;
  expect(() =>
    render(
      <InsideIslandContext value={true}>
        <Outer />
      </InsideIslandContext>,
    ),
  ).toThrow('the island test/inner is inside another island: islands do not nest');
  error.mockRestore();
});
