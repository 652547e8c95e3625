import { getTableName, getViewName, is, Table, View } from 'drizzle-orm';
import ts from 'typescript';
import * as definitions from '../../src/core/db/tables/index.ts';

/** Every table and view of `core/db/tables`: the name the code imports → the name SQL writes. */
export const TABLE_NAMES = new Map<string, string>(
  Object.entries(definitions).flatMap(([name, value]): [string, string][] => {
    if (is(value, Table)) return [[name, getTableName(value)]];
    if (is(value, View)) return [[name, getViewName(value)]];
    return [];
  }),
);

const byWrittenName = new Map([...TABLE_NAMES].map(([imported, written]) => [written, imported]));

/** The written names of tables a piece of raw SQL mentions (a column's alias, `as "holidays"`, is none). */
const tablesWrittenIn = (text: string) =>
  [...text.replace(/\bas\s+"[^"]*"/gi, '').matchAll(/\b[a-z_]+\b/g)]
    .map((match) => match[0])
    .filter((word) => byWrittenName.has(word));

/** The literal text of a template or string (its `${…}` holes left out). */
const literalText = (node: ts.Node): string[] => {
  if (ts.isStringLiteralLike(node)) return [node.text];
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
  return [];
};

/**
 * The tables a source file names, by their written (SQL) names: imported as values from
 * `core/db/tables` (a type alone does not count), or written in the text of a `sql` template or of
 * `sql.raw(…)`.
 */
export function tablesNamedIn(path: string, text: string): Set<string> {
  const named = new Set<string>();
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      /core\/db\/tables(\/|$)/.test(node.moduleSpecifier.text) &&
      !node.importClause?.isTypeOnly &&
      node.importClause?.namedBindings &&
      ts.isNamedImports(node.importClause.namedBindings)
    )
      for (const element of node.importClause.namedBindings.elements) {
        const written = TABLE_NAMES.get((element.propertyName ?? element.name).text);
        if (!element.isTypeOnly && written) named.add(written);
      }
    if (ts.isTaggedTemplateExpression(node) && /^sql\b/.test(node.tag.getText(source)))
      for (const part of literalText(node.template))
        for (const table of tablesWrittenIn(part)) named.add(table);
    if (ts.isCallExpression(node) && node.expression.getText(source) === 'sql.raw')
      for (const argument of node.arguments)
        for (const part of literalText(argument)) for (const table of tablesWrittenIn(part)) named.add(table);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return named;
}
