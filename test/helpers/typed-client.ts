import ts from 'typescript';

/**
 * What the TypeScript compiler says of a client written against types generated from the OpenAPI document,
 * under the strict options an outside project would use: no message means it compiles.
 */
export function compileErrors(files: readonly string[]): string[] {
  const program = ts.createProgram([...files], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    skipLibCheck: true,
    types: [],
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}
