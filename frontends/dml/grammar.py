"""The DML grammar (SystemDS's Dml.g4 as the specification), for Lark's LALR parser.

Precedence, loosest first: | , & , ! , comparisons, + - , * / , %/% %% , %*% ,
unary - + , ^ (right-associative; -2^2 is -4, 2^-1 is 0.5).
Newlines are whitespace, as in Dml.g4; `X [` indexes only without a newline before
the bracket (spaces and tabs are fine, as in SystemDS), so a statement may start with
`[a, b] = f(x)` on the next line; a keyword (`else [a, b] = f(x)`) never indexes.
"""

_SPECIAL = (
    r"as\.(?:scalar|matrix|frame|double|integer|logical|boolean|list)|(?:index|empty)\.return"
    r"|lower\.tail|(?:lower|upper)\.tri|is\.(?:nan|na|infinite)"
)
_ID = r"(?:[a-zA-Z][a-zA-Z0-9_]*::)?[a-zA-Z][a-zA-Z0-9_]*"

GRAMMAR = r"""
start: _item*
_item: stmt | ";"

?stmt: source_stmt
     | func_def
     | assign
     | acc_assign
     | multi_assign
     | call_stmt
     | if_stmt
     | for_stmt
     | parfor_stmt
     | while_stmt

source_stmt: "source" "(" STRING ")" "as" NAME
func_def: target ("=" | "<-") FUNCTION "(" [params] ")" [RETURN "(" [outs] ")"] "{" _item* "}"
params: param ("," param)*
param: ml_type NAME ["=" expr]
outs: out ("," out)*
out: ml_type NAME
ml_type: NAME ["[" NAME "]"]

assign: target ("=" | "<-") expr
acc_assign: target "+=" expr
multi_assign: "[" target ("," target)* "]" ("=" | "<-") call
call_stmt: call
?target: NAME -> name
       | index

if_stmt: "if" "(" expr ")" block [ELSE block]
for_stmt: "for" "(" NAME "in" iter ("," NAME "=" expr)* ")" block
parfor_stmt: "parfor" "(" NAME "in" iter ("," NAME "=" expr)* ")" block
while_stmt: "while" "(" expr ")" block
iter: expr ":" expr -> iter_range
    | expr -> iter_call
block: "{" _item* "}" -> block
     | stmt ";"* -> block

?expr: or_expr
?or_expr: and_expr | or_expr ("|" | "||") and_expr -> or_
?and_expr: not_expr | and_expr ("&" | "&&") not_expr -> and_
?not_expr: rel_expr | "!" not_expr -> not_
?rel_expr: add_expr | rel_expr RELOP add_expr -> binop
?add_expr: mul_expr | add_expr ADDOP mul_expr -> binop
?mul_expr: idiv_expr | mul_expr MULOP idiv_expr -> binop
?idiv_expr: mm_expr | idiv_expr IDIVOP mm_expr -> binop
?mm_expr: unary | mm_expr MMOP unary -> binop
?unary: pow_expr | ADDOP unary -> neg
?pow_expr: atom | atom POWOP pow_operand -> binop
?pow_operand: pow_expr | ADDOP pow_operand -> neg
?atom: INT -> int_
     | DOUBLE -> double
     | STRING -> string
     | "TRUE" -> true
     | "FALSE" -> false
     | NAME -> name
     | CMDARG -> cmdarg
     | index
     | call
     | "(" expr ")"
     | "[" expr ("," expr)* "]" -> multi_id

index: INDEXED "[" [range] [COMMA [range]] "]"
range: expr [":" expr]
call: NAME "(" [arg ("," arg)*] ")"
arg: [NAME "="] expr

FUNCTION: "function"
RETURN: "return"
ELSE: "else"
COMMA: ","
RELOP: ">=" | "<=" | "==" | "!=" | ">" | "<"
ADDOP: "+" | "-"
MULOP: "*" | "/"
IDIVOP: "%/%" | "%%"
MMOP: "%*%"
POWOP: "^"
NAME: /@NAME@/
INDEXED.2: /(?!(?:else|in|return|function|as)(?![a-zA-Z0-9_]))[a-zA-Z][a-zA-Z0-9_]*(?=[ \t]*\[)/
CMDARG: /\$[a-zA-Z0-9_]+/
INT.2: /[0-9]+[Ll]?(?![0-9.eE])/
DOUBLE: /([0-9]+\.[0-9]*|\.[0-9]+|[0-9]+)([eE][+-]?[0-9]+)?[Ll]?/
STRING: /"(\\.|[^"\\])*"/ | /'(\\.|[^'\\])*'/
COMMENT: /#[^\n]*/
BLOCK_COMMENT: /\/\*(.|\n)*?\*\//
%import common.WS
%ignore WS
%ignore COMMENT
%ignore BLOCK_COMMENT
""".replace("@NAME@", f"(?:{_SPECIAL}|{_ID})(?![a-zA-Z0-9_.])")
