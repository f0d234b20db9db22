import type { Meta, StoryObj } from '@storybook/react-vite';
import type { AgentUIMessage } from '@x/agent-protocol';
import { AgentChat } from '@x/agent-ui';
import { A2UISurface } from '@x/agent-ui/a2ui';
import { a2ui } from '@x/agent-ui/plugins/a2ui';
import { bookingForm } from '@x/mock-server';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { chatMounted } from './support/chat-actions.js';

/** The messages of a surface `s` with these components (the first is the root) and data model. */
function surface(components: Record<string, unknown>[], data: Record<string, unknown> = {}) {
  return [
    { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: 'https://a2ui.org/specification/v0_9/basic_catalog.json' } },
    { version: 'v0.9', updateComponents: { surfaceId: 's', components: components.map((c, i) => (i === 0 ? { ...c, id: 'root' } : c)) } },
    { version: 'v0.9', updateDataModel: { surfaceId: 's', value: data } },
  ];
}

const meta = {
  title: 'A2UI/A2UISurface',
  component: A2UISurface,
  args: { messages: [], onAction: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 560 }}>{Story()}</div>],
} satisfies Meta<typeof A2UISurface>;
export default meta;

type Story = StoryObj<typeof meta>;

const label = (id: string, text: string) => ({ id, component: 'Text', text });

/** Text in every variant: headings at chat scale, body, caption; markup stays text. */
export const Text: Story = {
  args: {
    messages: surface([
      { component: 'Column', children: ['h1', 'h3', 'body', 'caption', 'bound'] },
      { id: 'h1', component: 'Text', text: 'Heading 1', variant: 'h1' },
      { id: 'h3', component: 'Text', text: 'Heading 3', variant: 'h3' },
      { id: 'body', component: 'Text', text: 'Body text <b>not bold</b>' },
      { id: 'caption', component: 'Text', text: 'A caption', variant: 'caption' },
      { id: 'bound', component: 'Text', text: { call: 'formatString', args: { value: 'Hello, ${/user}!' } } },
    ], { user: 'Ada' }),
  },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Heading 1' })).toBeVisible();
    await expect(canvas.getByText('Body text <b>not bold</b>')).toBeVisible();
    await expect(canvas.getByText('Hello, Ada!')).toBeVisible();
  },
};

/** Image through the kit's image policy: an unlisted host shows a click-to-load placeholder. */
export const Image: Story = {
  args: { messages: surface([{ component: 'Image', url: 'https://images.example.com/table.jpg', description: 'Our terrace', variant: 'mediumFeature' }]) },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    // The image gate comes with the kit's on-demand chunk.
    await waitFor(() => expect(canvasElement.querySelector('[data-xagent-image-blocked="images.example.com"]')).not.toBeNull(), { timeout: 10_000 });
  },
};

/** Icon names as accessible glyphs. */
export const Icon: Story = {
  args: { messages: surface([{ component: 'Row', children: ['a', 'b'] }, { id: 'a', component: 'Icon', name: 'calendarToday' }, { id: 'b', component: 'Icon', name: 'locationOn' }]) },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    await expect(within(canvasElement).getByRole('img', { name: 'calendarToday' })).toBeVisible();
  },
};

/** Row and Column: antd Flex with the theme's gap. */
export const RowAndColumn: Story = {
  args: {
    messages: surface([
      { component: 'Column', children: ['row', 'c'] },
      { id: 'row', component: 'Row', children: ['a', 'b'], justify: 'spaceBetween' },
      label('a', 'Left'),
      label('b', 'Right'),
      label('c', 'Below'),
    ]),
  },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    await expect(within(canvasElement).getByText('Right')).toBeVisible();
  },
};

/** List over a data array (a template with relative paths). */
export const List: Story = {
  args: {
    messages: surface(
      [{ component: 'List', children: { path: '/dishes', componentId: 'dish' } }, { id: 'dish', component: 'Text', text: { path: 'name' } }],
      { dishes: [{ name: 'Soupe à l’oignon' }, { name: 'Coq au vin' }, { name: 'Tarte Tatin' }] },
    ),
  },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    await expect(within(canvasElement).getAllByRole('listitem')).toHaveLength(3);
  },
};

/** Card: an antd Card. */
export const Card: Story = {
  args: { messages: surface([{ component: 'Card', child: 't' }, label('t', 'Inside a card')]) },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    await expect(canvasElement.querySelector('.ant-card')).not.toBeNull();
  },
};

/** Tabs: antd Tabs. */
export const Tabs: Story = {
  args: { messages: surface([{ component: 'Tabs', tabs: [{ title: 'Starters', child: 'a' }, { title: 'Mains', child: 'b' }] }, label('a', 'Soup'), label('b', 'Fish')]) },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tab', { name: 'Starters', selected: true })).toBeVisible();
    await expect(canvas.getByText('Soup')).toBeVisible();
    await expect(canvas.getByRole('tab', { name: 'Mains' })).toBeVisible();
  },
};

/** Divider: horizontal. */
export const Divider: Story = {
  args: { messages: surface([{ component: 'Column', children: ['a', 'd', 'b'] }, label('a', 'Above'), { id: 'd', component: 'Divider' }, label('b', 'Below')]) },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    await expect(canvasElement.querySelector('.ant-divider')).not.toBeNull();
  },
};

/** Modal: its trigger opens an antd Modal. */
export const Modal: Story = {
  args: {
    messages: surface([
      { component: 'Modal', trigger: 'open', content: 'body' },
      { id: 'open', component: 'Button', child: 'open-label', action: { functionCall: { call: 'noop' } } },
      label('open-label', 'Opening hours'),
      label('body', 'Tuesday to Sunday, 18:00–23:00'),
    ]),
  },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Opening hours' }));
    await waitFor(() => expect(within(document.body).getByRole('dialog', { name: 'Opening hours' })).toHaveTextContent('Tuesday to Sunday, 18:00–23:00'), { timeout: 5_000 });
  },
};

/** Button: sends its action with the context resolved from the data model. */
export const Button: Story = {
  args: {
    messages: surface([{ component: 'Button', variant: 'primary', child: 'l', action: { event: { name: 'confirm', context: { id: { path: '/id' } } } } }, label('l', 'Confirm')], { id: 42 }),
  },
  play: async ({ canvasElement, args }) => {
    await chatMounted(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Confirm' }));
    await expect(args.onAction).toHaveBeenCalledWith(expect.objectContaining({ name: 'confirm', context: { id: 42 } }));
  },
};

/** TextField: short, long and obscured, bound two-way to the data model. */
export const TextField: Story = {
  args: {
    messages: surface([
      { component: 'Column', children: ['name', 'notes', 'echo'] },
      { id: 'name', component: 'TextField', label: 'Name', value: { path: '/name' } },
      { id: 'notes', component: 'TextField', label: 'Notes', variant: 'longText', value: { path: '/notes' } },
      { id: 'echo', component: 'Text', text: { call: 'formatString', args: { value: 'Name: ${/name}' } } },
    ], { name: '' }),
  },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Name'), 'Ada');
    await expect(canvas.getByText('Name: Ada')).toBeVisible();
  },
};

/** CheckBox: an antd Checkbox bound to a boolean. */
export const CheckBox: Story = {
  args: { messages: surface([{ component: 'CheckBox', label: 'Window seat', value: { path: '/window' } }], { window: true }) },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    await expect(within(canvasElement).getByRole('checkbox', { name: 'Window seat' })).toBeChecked();
  },
};

/** ChoicePicker: a Select, and radio / checkbox groups for `displayStyle: checkbox`. */
export const ChoicePicker: Story = {
  args: {
    messages: surface(
      [
        { component: 'Column', children: ['select', 'radios', 'checks'] },
        { id: 'select', component: 'ChoicePicker', label: 'Guests', variant: 'mutuallyExclusive', options: [{ label: 'Two', value: '2' }, { label: 'Four', value: '4' }], value: { path: '/guests' } },
        { id: 'radios', component: 'ChoicePicker', label: 'Time', variant: 'mutuallyExclusive', displayStyle: 'checkbox', options: [{ label: '19:00', value: '19:00' }, { label: '21:00', value: '21:00' }], value: { path: '/time' } },
        { id: 'checks', component: 'ChoicePicker', label: 'Diet', variant: 'multipleSelection', displayStyle: 'checkbox', options: [{ label: 'Vegetarian', value: 'veg' }, { label: 'Gluten-free', value: 'gf' }], value: { path: '/diet' } },
      ],
      { guests: ['2'], time: ['21:00'], diet: ['veg'] },
    ),
  },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: '21:00' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Vegetarian' })).toBeChecked();
  },
};

/** DateTimeInput: antd DatePicker (with time when `enableTime`), ISO 8601 in the data model. */
export const DateTimeInput: Story = {
  args: {
    messages: surface([
      { component: 'Column', children: ['date', 'when'] },
      { id: 'date', component: 'DateTimeInput', label: 'Date', value: { path: '/date' } },
      { id: 'when', component: 'DateTimeInput', label: 'Date and time', enableTime: true, value: { path: '/when' } },
    ], { date: '2026-12-24', when: '2026-12-24T19:30' }),
  },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    await expect(within(canvasElement).getByLabelText('Date')).toHaveValue('2026-12-24');
    await expect(within(canvasElement).getByLabelText('Date and time')).toHaveValue('2026-12-24 19:30');
  },
};

/** Slider: an antd Slider. */
export const Slider: Story = {
  args: { messages: surface([{ component: 'Slider', label: 'Spice level', min: 0, max: 5, value: { path: '/spice' } }], { spice: 3 }) },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    await expect(within(canvasElement).getByRole('slider')).toHaveAttribute('aria-valuenow', '3');
  },
};

/**
 * Hostile A2UI: unknown types, a script URL, a cycle and markup all render inert; an Icon named
 * `__proto__` is a plain glyph, and a `formatString` that repeats a large value thousands of times
 * shows a text cut at 10,000 characters (both took the page down before).
 */
export const Hostile: Story = {
  args: {
    messages: surface(
      [
        { component: 'Column', children: ['script', 'img', 'loop', 'markup', 'proto', 'flood'] },
        { id: 'script', component: 'script', text: 'alert(1)' },
        { id: 'img', component: 'Image', url: 'javascript:alert(1)', description: 'not an image' },
        { id: 'loop', component: 'Card', child: 'loop' },
        { id: 'markup', component: 'Text', text: '<img src=x onerror=alert(1)>' },
        { id: 'proto', component: 'Icon', name: '__proto__' },
        { id: 'flood', component: 'Text', variant: 'caption', text: { call: 'formatString', args: { value: '${/big}'.repeat(2_000) } } },
      ],
      { big: 'x'.repeat(1_000_000) },
    ),
  },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Unsupported component: script')).toBeVisible();
    await expect(canvas.getByText('Component contains itself: loop')).toBeVisible();
    await expect(canvas.getByRole('img', { name: '__proto__' })).toHaveTextContent('•');
    await expect(canvas.getByText(/^x+…$/).textContent).toHaveLength(10_000);
    await expect(canvasElement.querySelector('img, script')).toBeNull();
  },
};

const booking = bookingForm(2).a2ui_operations;
const chatMessages: AgentUIMessage[] = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Book a table for two' }] },
  { id: 'a1', role: 'assistant', parts: [{ type: 'data-a2ui', id: 'table-booking', data: { surfaceId: 'table-booking', messages: booking } }] },
];

/** The booking form as a `data-a2ui` part inside AgentChat with the `a2ui()` plug-in (loaded in its own chunk). */
export const InTheChat: StoryObj<typeof AgentChat> = {
  render: () => <AgentChat agentId="plain-text" messages={chatMessages} height={620} plugins={[a2ui()]} />,
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const form = await within(canvasElement).findByRole('region', { name: 'Interactive form from the agent' }, { timeout: 10_000 });
    await expect(within(form).getByRole('heading', { name: 'Book a table' })).toBeVisible();
  },
};
