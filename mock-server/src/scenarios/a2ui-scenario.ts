import { z } from 'zod';
import { a2uiSurface } from '@x/agent-server/a2ui';
import type { Scenario } from './scenario.js';

/** The action the booking form sends, and the surface it lives on. */
export const BOOK_TABLE_ACTION = 'book_table';
export const BOOK_TABLE_SURFACE = 'table-booking';

/** The booking form as an A2UI v0.9 surface, prefilled for `guests`. */
export function bookingForm(guests: number) {
  const bind = (path: string) => ({ path: `/booking/${path}` });
  return a2uiSurface({
    surfaceId: BOOK_TABLE_SURFACE,
    components: [
      { id: 'root', component: 'Card', child: 'form' },
      { id: 'form', component: 'Column', children: ['title', 'intro', 'name', 'party', 'seat', 'submit'] },
      { id: 'title', component: 'Text', text: 'Book a table', variant: 'h3' },
      { id: 'intro', component: 'Text', text: { call: 'formatString', args: { value: 'Le Petit Jardin · a table for ${/booking/guests/0}' } }, variant: 'caption' },
      { id: 'name', component: 'TextField', label: 'Name', value: bind('name') },
      { id: 'party', component: 'Row', children: ['guests', 'date', 'time'], align: 'start' },
      { id: 'guests', component: 'ChoicePicker', label: 'Guests', variant: 'mutuallyExclusive', options: ['1', '2', '3', '4', '5', '6'].map((n) => ({ label: n, value: n })), value: bind('guests') },
      { id: 'date', component: 'DateTimeInput', label: 'Date', enableDate: true, value: bind('date') },
      {
        id: 'time',
        component: 'ChoicePicker',
        label: 'Time',
        variant: 'mutuallyExclusive',
        displayStyle: 'checkbox',
        options: ['18:00', '19:30', '21:00'].map((t) => ({ label: t, value: t })),
        value: bind('time'),
      },
      { id: 'seat', component: 'CheckBox', label: 'Window seat', value: bind('window') },
      {
        id: 'submit',
        component: 'Button',
        variant: 'primary',
        child: 'submit-label',
        checks: [{ condition: { call: 'required', args: { value: bind('name') } }, message: 'Enter a name' }],
        action: {
          event: {
            name: BOOK_TABLE_ACTION,
            context: { name: bind('name'), guests: bind('guests'), date: bind('date'), time: bind('time'), window: bind('window') },
          },
        },
      },
      { id: 'submit-label', component: 'Text', text: 'Book table' },
    ],
    data: { booking: { name: '', guests: [String(guests)], date: '2026-12-24', time: ['19:30'], window: false } },
  });
}

const first = (value: unknown) => (Array.isArray(value) ? String(value[0] ?? '') : String(value ?? ''));

/** The booking the user sent, read from the action text the model sees (`… Context: {...}`). */
function bookingOf(text: string): Record<string, unknown> | undefined {
  const json = /Context: (\{.*\})/.exec(text)?.[1];
  if (!json) return undefined;
  try {
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

export const bookTable: Scenario = {
  id: 'a2ui-booking',
  title: 'A2UI form',
  description: 'The agent answers with an A2UI form (antd components); submitting it books the table.',
  prompt: 'Book a table for two',
  chatTitle: 'Table for two',
  match: /\bbook (a )?table\b|action "book_table"/i,
  tools: {
    bookTableForm: {
      description: 'Shows a form to book a table.',
      inputSchema: z.object({ guests: z.number().int().min(1).max(6).describe('Party size') }),
      execute: async ({ guests }: { guests: number }) => bookingForm(guests),
    },
  },
  agent: { tools: ['bookTableForm'] },
  script: {
    steps: ({ stepInTurn, lastUserText }) => {
      const booking = lastUserText.includes(`action "${BOOK_TABLE_ACTION}"`) ? bookingOf(lastUserText) : undefined;
      if (booking) {
        const who = String(booking.name ?? '').trim() || 'you';
        const seat = booking.window === true ? ', by the window' : '';
        return [{ type: 'text', text: `Confirmed: a table for **${first(booking.guests)}** on **${first(booking.date)}** at **${first(booking.time)}**${seat}, under ${who}. Booking ref **LPJ-2412**.` }];
      }
      if (stepInTurn === 0) {
        const guests = /\b(one|two|three|four|five|six|[1-6])\b/i.exec(lastUserText)?.[1]?.toLowerCase() ?? '2';
        const n = Number(guests) || ['one', 'two', 'three', 'four', 'five', 'six'].indexOf(guests) + 1 || 2;
        return [{ type: 'tool-call', toolName: 'bookTableForm', input: { guests: n } }];
      }
      return [{ type: 'text', text: 'Pick a time and press **Book table**.' }];
    },
  },
};
