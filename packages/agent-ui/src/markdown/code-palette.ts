/**
 * Colours of highlighted code by highlight.js scope, for light and dark backgrounds (GitHub's
 * palettes, checked for 4.5:1 on the kit's code background in antd's default light and dark themes).
 */
export type CodePalette = Readonly<Record<string, string>>;

export const LIGHT_PALETTE: CodePalette = {
  keyword: '#b31d28',
  'selector-tag': '#b31d28',
  type: '#b31d28',
  string: '#0a3069',
  regexp: '#0a3069',
  'selector-attr': '#0a3069',
  number: '#0550ae',
  literal: '#0550ae',
  attr: '#0550ae',
  attribute: '#0550ae',
  variable: '#953800',
  'template-variable': '#953800',
  built_in: '#953800',
  params: '#24292f',
  title: '#6639ba',
  'title.function_': '#6639ba',
  'title.class_': '#953800',
  name: '#116329',
  'selector-id': '#0550ae',
  'selector-class': '#0550ae',
  comment: '#57606a',
  meta: '#57606a',
  quote: '#116329',
  addition: '#116329',
  deletion: '#82071e',
  section: '#0550ae',
  symbol: '#0550ae',
  property: '#0550ae',
};

export const DARK_PALETTE: CodePalette = {
  keyword: '#ff7b72',
  'selector-tag': '#ff7b72',
  type: '#ff7b72',
  string: '#a5d6ff',
  regexp: '#a5d6ff',
  'selector-attr': '#a5d6ff',
  number: '#79c0ff',
  literal: '#79c0ff',
  attr: '#79c0ff',
  attribute: '#79c0ff',
  variable: '#ffa657',
  'template-variable': '#ffa657',
  built_in: '#ffa657',
  params: '#c9d1d9',
  title: '#d2a8ff',
  'title.function_': '#d2a8ff',
  'title.class_': '#ffa657',
  name: '#7ee787',
  'selector-id': '#79c0ff',
  'selector-class': '#79c0ff',
  comment: '#9ea7b3',
  meta: '#9ea7b3',
  quote: '#7ee787',
  addition: '#aff5b4',
  deletion: '#ffdcd7',
  section: '#79c0ff',
  symbol: '#79c0ff',
  property: '#79c0ff',
};

/** The colour of a highlight.js class attribute (`hljs-title function_` → `title.function_`). */
export function scopeColor(className: string, palette: CodePalette): string | undefined {
  const [first = '', ...rest] = className.split(/\s+/);
  const scope = first.replace(/^hljs-/, '');
  const sub = rest.length ? `${scope}.${rest.join('.')}` : scope;
  return palette[sub] ?? palette[scope];
}
