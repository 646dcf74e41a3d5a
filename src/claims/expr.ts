/**
 * A small, safe expression language for claim conditions over named facts (no eval, no property
 * access, no calls except a fixed list).
 *
 *   condition  := or
 *   or         := and ("||" and)*
 *   and        := not ("&&" not)*
 *   not        := "!" not | compare
 *   compare    := sum (("<" | "<=" | ">" | ">=" | "==" | "!=") sum)*    chains: 2 < x <= 3
 *   sum        := product (("+" | "-") product)*
 *   product    := unary (("*" | "/") unary)*
 *   unary      := "-" unary | atom
 *   atom       := number | name | fn "(" sum ("," sum)* ")" | "(" or ")"
 *   name       := segment ("." segment)*, segment = [A-Za-z_][A-Za-z0-9_]*   e.g. ratio.DoverB.p50
 *   fn         := min | max | abs
 *
 * Comparisons yield booleans, arithmetic yields numbers; mixing them is a compile error. A condition
 * must be boolean. Numbers may use "_" as a digit separator (1_000).
 */
import { requireFact, type Facts } from '../facts/facts.ts';

/** A condition could not be parsed or evaluated; the message points at the problem. */
export class ConditionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConditionError';
  }
}

type Node =
  | { kind: 'num'; value: number }
  | { kind: 'name'; name: string }
  | { kind: 'neg'; arg: Node }
  | { kind: 'not'; arg: Node }
  | { kind: 'arith'; op: '+' | '-' | '*' | '/'; left: Node; right: Node }
  | { kind: 'call'; fn: 'min' | 'max' | 'abs'; args: Node[] }
  | { kind: 'compare'; ops: CompareOp[]; operands: Node[] }
  | { kind: 'logic'; op: '&&' | '||'; left: Node; right: Node };

type CompareOp = '<' | '<=' | '>' | '>=' | '==' | '!=';

interface Token {
  type: 'num' | 'name' | 'op' | 'end';
  text: string;
  at: number;
}

const OPERATORS = ['<=', '>=', '==', '!=', '&&', '||', '<', '>', '+', '-', '*', '/', '!', '(', ')', ','];
const FUNCTIONS = new Set(['min', 'max', 'abs']);

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const number = /^(?:\d[\d_]*(?:\.\d[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d+)?/.exec(source.slice(i));
    if (number) {
      tokens.push({ type: 'num', text: number[0], at: i });
      i += number[0].length;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*/.exec(source.slice(i));
    if (name) {
      tokens.push({ type: 'name', text: name[0], at: i });
      i += name[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => source.startsWith(o, i));
    if (!op) throw new ConditionError(`unexpected "${ch}" at column ${i + 1} of "${source}"`);
    tokens.push({ type: 'op', text: op, at: i });
    i += op.length;
  }
  tokens.push({ type: 'end', text: 'end of condition', at: source.length });
  return tokens;
}

class Parser {
  private pos = 0;
  private readonly tokens: Token[];
  private readonly source: string;
  constructor(source: string) {
    this.source = source;
    this.tokens = tokenize(source);
  }

  parse(): Node {
    const node = this.or();
    this.expect('end');
    return node;
  }

  private peek(): Token {
    return this.tokens[this.pos]!;
  }
  private take(): Token {
    return this.tokens[this.pos++]!;
  }
  private isOp(...ops: string[]): boolean {
    const t = this.peek();
    return t.type === 'op' && ops.includes(t.text);
  }
  private expect(type: Token['type'], text?: string): Token {
    const t = this.take();
    if (t.type !== type || (text !== undefined && t.text !== text)) {
      throw new ConditionError(`expected ${text ?? type} at column ${t.at + 1} of "${this.source}", found "${t.text}"`);
    }
    return t;
  }

  private or(): Node {
    let left = this.and();
    while (this.isOp('||')) {
      this.take();
      left = { kind: 'logic', op: '||', left, right: this.and() };
    }
    return left;
  }
  private and(): Node {
    let left = this.not();
    while (this.isOp('&&')) {
      this.take();
      left = { kind: 'logic', op: '&&', left, right: this.not() };
    }
    return left;
  }
  private not(): Node {
    if (this.isOp('!')) {
      this.take();
      return { kind: 'not', arg: this.not() };
    }
    return this.compare();
  }
  private compare(): Node {
    const operands = [this.sum()];
    const ops: CompareOp[] = [];
    while (this.isOp('<', '<=', '>', '>=', '==', '!=')) {
      ops.push(this.take().text as CompareOp);
      operands.push(this.sum());
    }
    return ops.length === 0 ? operands[0]! : { kind: 'compare', ops, operands };
  }
  private sum(): Node {
    let left = this.product();
    while (this.isOp('+', '-')) {
      const op = this.take().text as '+' | '-';
      left = { kind: 'arith', op, left, right: this.product() };
    }
    return left;
  }
  private product(): Node {
    let left = this.unary();
    while (this.isOp('*', '/')) {
      const op = this.take().text as '*' | '/';
      left = { kind: 'arith', op, left, right: this.unary() };
    }
    return left;
  }
  private unary(): Node {
    if (this.isOp('-')) {
      this.take();
      return { kind: 'neg', arg: this.unary() };
    }
    return this.atom();
  }
  private atom(): Node {
    const t = this.take();
    if (t.type === 'num') return { kind: 'num', value: Number(t.text.replace(/_/g, '')) };
    if (t.type === 'name') {
      if (FUNCTIONS.has(t.text) && this.isOp('(')) {
        this.take();
        const args = [this.sum()];
        while (this.isOp(',')) {
          this.take();
          args.push(this.sum());
        }
        this.expect('op', ')');
        if (t.text === 'abs' && args.length !== 1) throw new ConditionError(`abs takes one argument in "${this.source}"`);
        return { kind: 'call', fn: t.text as 'min' | 'max' | 'abs', args };
      }
      return { kind: 'name', name: t.text };
    }
    if (t.type === 'op' && t.text === '(') {
      const inner = this.or();
      this.expect('op', ')');
      return inner;
    }
    throw new ConditionError(`expected a number, a fact name or "(" at column ${t.at + 1} of "${this.source}", found "${t.text}"`);
  }
}

type ValueType = 'number' | 'boolean';

function typeOf(node: Node, source: string): ValueType {
  const need = (n: Node, want: ValueType) => {
    const got = typeOf(n, source);
    if (got !== want) throw new ConditionError(`"${source}" uses a ${got} where a ${want} is needed`);
  };
  switch (node.kind) {
    case 'num':
    case 'name':
      return 'number';
    case 'neg':
      need(node.arg, 'number');
      return 'number';
    case 'arith':
      need(node.left, 'number');
      need(node.right, 'number');
      return 'number';
    case 'call':
      node.args.forEach((a) => need(a, 'number'));
      return 'number';
    case 'not':
      need(node.arg, 'boolean');
      return 'boolean';
    case 'compare':
      node.operands.forEach((o) => need(o, 'number'));
      return 'boolean';
    case 'logic':
      need(node.left, 'boolean');
      need(node.right, 'boolean');
      return 'boolean';
  }
}

/** A parsed condition, ready to evaluate against any fact set. */
export interface Condition {
  /** The condition as written. */
  readonly source: string;
  /** Fact names it reads, in order of first use. */
  readonly names: readonly string[];
  /**
   * Evaluates the condition.
   * @throws FactError for an unknown fact name; ConditionError on division by zero.
   */
  evaluate(facts: Facts): boolean;
}

/**
 * Parses and type-checks a condition.
 * @throws ConditionError with the column of a syntax error, or when the condition is not boolean.
 */
export function compileCondition(source: string): Condition {
  const root = new Parser(source).parse();
  if (typeOf(root, source) !== 'boolean') {
    throw new ConditionError(`"${source}" is a number, not a condition; compare it with something (e.g. "> 3")`);
  }
  const names: string[] = [];
  const collect = (n: Node): void => {
    if (n.kind === 'name' && !names.includes(n.name)) names.push(n.name);
    if (n.kind === 'neg' || n.kind === 'not') collect(n.arg);
    if (n.kind === 'arith' || n.kind === 'logic') {
      collect(n.left);
      collect(n.right);
    }
    if (n.kind === 'call') n.args.forEach(collect);
    if (n.kind === 'compare') n.operands.forEach(collect);
  };
  collect(root);
  return {
    source,
    names,
    evaluate: (facts) => evaluate(root, facts, source) as boolean,
  };
}

function evaluate(node: Node, facts: Facts, source: string): number | boolean {
  const num = (n: Node) => evaluate(n, facts, source) as number;
  const bool = (n: Node) => evaluate(n, facts, source) as boolean;
  switch (node.kind) {
    case 'num':
      return node.value;
    case 'name':
      return requireFact(facts, node.name);
    case 'neg':
      return -num(node.arg);
    case 'not':
      return !bool(node.arg);
    case 'arith': {
      const a = num(node.left);
      const b = num(node.right);
      if (node.op === '/' && b === 0) throw new ConditionError(`division by zero in "${source}"`);
      return node.op === '+' ? a + b : node.op === '-' ? a - b : node.op === '*' ? a * b : a / b;
    }
    case 'call': {
      const args = node.args.map(num);
      return node.fn === 'abs' ? Math.abs(args[0]!) : node.fn === 'min' ? Math.min(...args) : Math.max(...args);
    }
    case 'compare': {
      const values = node.operands.map(num);
      return node.ops.every((op, i) => compare(op, values[i]!, values[i + 1]!));
    }
    case 'logic':
      return node.op === '&&' ? bool(node.left) && bool(node.right) : bool(node.left) || bool(node.right);
  }
}

function compare(op: CompareOp, a: number, b: number): boolean {
  switch (op) {
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '==':
      return a === b;
    case '!=':
      return a !== b;
  }
}
