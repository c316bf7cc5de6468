import type { TypeScriptApi } from "./load-typescript";

type Node = import("typescript").Node;
type SourceFile = import("typescript").SourceFile;
type TypeChecker = import("typescript").TypeChecker;
type Declaration = import("typescript").Declaration;
type Symbol = import("typescript").Symbol;

/** A call the compiler sees: the expression, and the name the index records for it. */
export interface CheckerSite {
  node: Node;
  /** The called name: the identifier, the property of `a.b()`, a string subscript, `super`, a JSX tag. */
  name: Node | null;
  /** The text tsift stores as `calls.callee_name`. */
  callee: string;
  kind: "call" | "new";
  /** 1-based lines of the called name and of the call's start (tsift records one or the other). */
  nameLine: number;
  startLine: number;
}

/** What a declaration is, in terms an index symbol can be matched on. */
export interface DeclaredTarget {
  /** Absolute file name, as the compiler has it. */
  fileName: string;
  name: string;
  /** 1-based line of the declaration's name, and of the declaration's start. */
  line: number;
  start: number;
  /** A function, method or constructor declaration: one of an overload set may lie outside the symbol's span. */
  signature: boolean;
}

/** Every call, `new`, tagged template and JSX component use of `sourceFile`, in document order. */
export function collectSites(ts: TypeScriptApi, sourceFile: SourceFile): CheckerSite[] {
  const sites: CheckerSite[] = [];
  const lineOf = (node: Node) => sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
  const add = (node: Node, expression: Node, kind: "call" | "new") => {
    const name = calledName(ts, expression);
    if (!name) return;
    const callee = name.kind === ts.SyntaxKind.SuperKeyword ? "super" : ts.isStringLiteralLike(name) ? name.text : name.getText(sourceFile);
    sites.push({ node, name, callee, kind, nameLine: lineOf(name), startLine: lineOf(node) });
  };
  const visit = (node: Node): void => {
    if (ts.isCallExpression(node)) {
      if (node.expression.kind !== ts.SyntaxKind.ImportKeyword) add(node, node.expression, "call");
    } else if (ts.isNewExpression(node)) add(node, node.expression, "new");
    else if (ts.isTaggedTemplateExpression(node)) add(node, node.tag, "call");
    else if (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) {
      const tag = node.tagName;
      const head = ts.isPropertyAccessExpression(tag) ? tag.name.text : ts.isIdentifier(tag) ? tag.text : "";
      // Lower-case elements are HTML tags, not components (the index records no call for them).
      if (/^[A-Z]/u.test(head) || ts.isPropertyAccessExpression(tag)) add(node, tag, "call");
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return sites;
}

function calledName(ts: TypeScriptApi, expression: Node): Node | null {
  let current = expression;
  while (ts.isParenthesizedExpression(current) || ts.isNonNullExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression(current)) {
    current = current.expression;
  }
  if (ts.isIdentifier(current) || ts.isPrivateIdentifier(current)) return current;
  if (ts.isPropertyAccessExpression(current)) return current.name;
  if (ts.isElementAccessExpression(current) && ts.isStringLiteralLike(current.argumentExpression)) return current.argumentExpression;
  if (current.kind === ts.SyntaxKind.SuperKeyword) return current;
  return null;
}

/**
 * The declarations a site runs, as the checker binds it: the called name's symbol (an
 * import followed to what it names; an overload set's implementation; one declaration per
 * place for a union receiver's member), else the declaration of the resolved signature.
 * Empty when the checker binds nothing (an `any` callee).
 */
export function siteDeclarations(ts: TypeScriptApi, checker: TypeChecker, site: CheckerSite): Declaration[] {
  let declarations: Declaration[] = [];
  if (site.name) {
    let symbol = checker.getSymbolAtLocation(site.name);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    if (symbol) declarations = pickDeclarations(ts, symbol);
  }
  if (declarations.length === 0 && (ts.isCallExpression(site.node) || ts.isNewExpression(site.node))) {
    const declaration = checker.getResolvedSignature(site.node)?.declaration;
    if (declaration && !ts.isJSDocSignature(declaration)) declarations = [declaration];
  }
  return declarations;
}

function pickDeclarations(ts: TypeScriptApi, symbol: Symbol): Declaration[] {
  const all = symbol.declarations ?? [];
  if (all.length === 0) return [];
  const value = symbol.valueDeclaration;
  if (value && all.every((declaration) => declaration.parent === value.parent || isTypeOnly(ts, declaration))) {
    // One overload set, or a value merged with types of its name: the implementation runs.
    const body = all.find((declaration) => declaration.parent === value.parent && (declaration as { body?: unknown }).body !== undefined);
    return [body ?? value];
  }
  // Members of several types (a union receiver): one declaration per place, preferring one with a body.
  const byParent = new Map<Node, Declaration>();
  for (const declaration of all) {
    if (value && isTypeOnly(ts, declaration)) continue;
    const previous = byParent.get(declaration.parent);
    if (!previous || (!hasBody(previous) && hasBody(declaration))) byParent.set(declaration.parent, declaration);
  }
  return [...byParent.values()];
}

const hasBody = (declaration: Declaration) => (declaration as { body?: unknown }).body !== undefined;

function isTypeOnly(ts: TypeScriptApi, declaration: Node): boolean {
  return ts.isInterfaceDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration) || ts.isModuleDeclaration(declaration);
}

/**
 * The named declaration holding `declaration`, as an index symbol would be defined: itself
 * when it has a name, else the variable, property or parameter whose value or type it is
 * (the call signature of `export const map: { … } = dual(…)` belongs to `map`). Null for
 * anything anonymous to the end.
 */
export function declaredTarget(ts: TypeScriptApi, declaration: Node): DeclaredTarget | null {
  for (let current: Node | undefined = declaration; current && !ts.isSourceFile(current); current = current.parent) {
    if (!isNamedDeclarationKind(ts, current)) continue;
    const nameNode = (current as { name?: Node }).name;
    if (!nameNode && !ts.isConstructorDeclaration(current)) continue;
    const sourceFile = current.getSourceFile();
    const name = ts.isConstructorDeclaration(current)
      ? "constructor"
      : nameNode && (ts.isIdentifier(nameNode) || ts.isPrivateIdentifier(nameNode) || ts.isStringLiteralLike(nameNode) || ts.isNumericLiteral(nameNode))
        ? nameNode.text
        : nameNode!.getText(sourceFile);
    const line = (node: Node) => sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
    const signature =
      ts.isFunctionDeclaration(current) || ts.isMethodDeclaration(current) || ts.isMethodSignature(current) || ts.isConstructorDeclaration(current);
    return { fileName: sourceFile.fileName, name, line: line(nameNode ?? current), start: line(current), signature };
  }
  return null;
}

function isNamedDeclarationKind(ts: TypeScriptApi, node: Node): boolean {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isMethodSignature(node) ||
    ts.isClassDeclaration(node) ||
    ts.isClassExpression(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isVariableDeclaration(node) ||
    ts.isPropertyDeclaration(node) ||
    ts.isPropertySignature(node) ||
    ts.isPropertyAssignment(node) ||
    ts.isShorthandPropertyAssignment(node) ||
    ts.isParameter(node) ||
    ts.isBindingElement(node) ||
    ts.isEnumDeclaration(node) ||
    ts.isModuleDeclaration(node) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isTypeAliasDeclaration(node)
  );
}
