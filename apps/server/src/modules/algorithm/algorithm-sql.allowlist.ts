/**
 * The checker's allow-lists (algorithm-sql.rules.ts): the functions, cast types, node types and SQL value functions an
 * algorithm may use, the statement and construct names its refusals use, and the functions that allocate memory in
 * proportion to a number or to the rows they are fed (refused, or refused over generated rows).
 */

/**
 * Functions an algorithm may call (lower-case, unqualified or `pg_catalog.`): aggregates and window functions, maths,
 * text, dates, and the few set-returning ones a report needs. Everything else is refused (pg_sleep, dblink, lo_*,
 * set_config, current_setting, pg_read_file, txid_*, nextval, repeat / lpad that allocate at will ...).
 */
export const ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set([
  // aggregates
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'stddev',
  'stddev_pop',
  'stddev_samp',
  'variance',
  'var_pop',
  'var_samp',
  'string_agg',
  'array_agg',
  'bool_and',
  'bool_or',
  'every',
  'percentile_cont',
  'percentile_disc',
  'mode',
  'corr',
  'covar_pop',
  'covar_samp',
  'regr_slope',
  'regr_intercept',
  // window functions
  'row_number',
  'rank',
  'dense_rank',
  'percent_rank',
  'cume_dist',
  'ntile',
  'lag',
  'lead',
  'first_value',
  'last_value',
  'nth_value',
  // maths
  'abs',
  'ceil',
  'ceiling',
  'floor',
  'round',
  'trunc',
  'sign',
  'sqrt',
  'cbrt',
  'power',
  'pow',
  'exp',
  'ln',
  'log',
  'log10',
  'mod',
  'div',
  'pi',
  'width_bucket',
  'scale',
  // text
  'length',
  'char_length',
  'character_length',
  'octet_length',
  'lower',
  'upper',
  'initcap',
  'btrim',
  'ltrim',
  'rtrim',
  'substr',
  'substring',
  'position',
  'strpos',
  'replace',
  'translate',
  'concat',
  'concat_ws',
  'left',
  'right',
  'reverse',
  'split_part',
  'starts_with',
  'regexp_replace',
  'regexp_match',
  'regexp_like',
  'regexp_count',
  'similar_to_escape',
  'like_escape',
  'format',
  'to_char',
  'to_number',
  'to_date',
  'to_timestamp',
  'md5',
  // dates
  'extract',
  'date_part',
  'date_trunc',
  'date_bin',
  'age',
  'now',
  'make_date',
  'make_timestamp',
  'make_interval',
  'justify_days',
  'justify_hours',
  'justify_interval',
  'isfinite',
  'timezone',
  'overlaps',
  // arrays and sets
  'array_length',
  'cardinality',
  'array_position',
  'array_to_string',
  'string_to_array',
  'unnest',
  'generate_series',
  // null handling written as functions
  'num_nulls',
  'num_nonnulls',
]);

/** Types a value may be cast to (pg_catalog names as the parser gives them, and their SQL spellings). */
export const ALLOWED_TYPES: ReadonlySet<string> = new Set([
  'int2',
  'int4',
  'int8',
  'smallint',
  'integer',
  'int',
  'bigint',
  'numeric',
  'decimal',
  'float4',
  'float8',
  'real',
  'double precision',
  'text',
  'varchar',
  'bpchar',
  'char',
  'character varying',
  'date',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'interval',
  'bool',
  'boolean',
]);

/** `SQLValueFunction` operations that are dates and times (current_user and the like are not an algorithm's). */
export const ALLOWED_SQL_VALUE_FUNCTIONS = new Set([
  'SVFOP_CURRENT_DATE',
  'SVFOP_CURRENT_TIME',
  'SVFOP_CURRENT_TIME_N',
  'SVFOP_CURRENT_TIMESTAMP',
  'SVFOP_CURRENT_TIMESTAMP_N',
  'SVFOP_LOCALTIME',
  'SVFOP_LOCALTIME_N',
  'SVFOP_LOCALTIMESTAMP',
  'SVFOP_LOCALTIMESTAMP_N',
]);

/**
 * Node types of the parse tree an algorithm may contain; any other (XML, JSON constructors, TABLESAMPLE, a statement
 * of another kind nested anywhere) is refused by name, so a construct the parser learns later is refused by default.
 */
export const ALLOWED_NODES = new Set([
  'SelectStmt',
  'ResTarget',
  'ColumnRef',
  'String',
  'Integer',
  'Float',
  'Boolean',
  'BitString',
  'A_Const',
  'A_Star',
  'A_Expr',
  'A_Indices',
  'A_Indirection',
  'A_ArrayExpr',
  'BoolExpr',
  'NullTest',
  'BooleanTest',
  'CaseExpr',
  'CaseWhen',
  'CoalesceExpr',
  'MinMaxExpr',
  'TypeCast',
  'TypeName',
  'FuncCall',
  'SortBy',
  'WindowDef',
  'RangeVar',
  'RangeSubselect',
  'RangeFunction',
  'JoinExpr',
  'Alias',
  'WithClause',
  'CommonTableExpr',
  'SubLink',
  'RowExpr',
  'GroupingSet',
  'CollateClause',
  'SQLValueFunction',
  'ParamRef',
  'List',
]);

/** Statement kinds named in the refusal (the parser's node name -> what a user calls it). */
export const STATEMENT_NAMES: Record<string, string> = {
  InsertStmt: 'INSERT',
  UpdateStmt: 'UPDATE',
  DeleteStmt: 'DELETE',
  MergeStmt: 'MERGE',
  CreateStmt: 'CREATE TABLE',
  CreateTableAsStmt: 'CREATE TABLE AS',
  DropStmt: 'DROP',
  AlterTableStmt: 'ALTER TABLE',
  TruncateStmt: 'TRUNCATE',
  CopyStmt: 'COPY',
  DoStmt: 'DO',
  CallStmt: 'CALL',
  VariableSetStmt: 'SET',
  VariableShowStmt: 'SHOW',
  GrantStmt: 'GRANT',
  GrantRoleStmt: 'GRANT',
  CreateRoleStmt: 'CREATE ROLE',
  AlterRoleStmt: 'ALTER ROLE',
  CreateFunctionStmt: 'CREATE FUNCTION',
  TransactionStmt: '事务控制（BEGIN / COMMIT / ROLLBACK）',
  ExplainStmt: 'EXPLAIN',
  LockStmt: 'LOCK',
  VacuumStmt: 'VACUUM',
  ViewStmt: 'CREATE VIEW',
  IndexStmt: 'CREATE INDEX',
  CreateSchemaStmt: 'CREATE SCHEMA',
  PrepareStmt: 'PREPARE',
  ExecuteStmt: 'EXECUTE',
  DeallocateStmt: 'DEALLOCATE',
  ListenStmt: 'LISTEN',
  NotifyStmt: 'NOTIFY',
  LoadStmt: 'LOAD',
  DiscardStmt: 'DISCARD',
  CheckPointStmt: 'CHECKPOINT',
  CreateExtensionStmt: 'CREATE EXTENSION',
  RefreshMatViewStmt: 'REFRESH MATERIALIZED VIEW',
  ReindexStmt: 'REINDEX',
  ClusterStmt: 'CLUSTER',
  RuleStmt: 'CREATE RULE',
  CreateTrigStmt: 'CREATE TRIGGER',
};

/** Constructs refused by node type, named as a user writes them. */
export const FORBIDDEN_NAMES: Record<string, string> = {
  XmlExpr: 'XML 表达式',
  XmlSerialize: 'XMLSERIALIZE',
  RangeTableSample: 'TABLESAMPLE',
  RangeTableFunc: 'XMLTABLE',
  ColumnDef: '列定义',
  GroupingFunc: 'GROUPING()',
  CurrentOfExpr: 'WHERE CURRENT OF',
  MultiAssignRef: '多列赋值',
};

/**
 * Row generators: rows made from numbers alone, as many as asked (`generate_series(1, 100000000)`), or by recursion
 * (WITH RECURSIVE, until its condition stops it). Counting or filtering them only costs time, which the timeout
 * bounds; accumulating them into one value (below) costs memory the timeout does not bound.
 */
export const ROW_GENERATORS: ReadonlySet<string> = new Set(['generate_series']);

/**
 * Accumulators: aggregates that keep every input row in one value in memory (a string, an array), and ARRAY(subquery).
 * Over real warehouse rows they are bounded by the tables; over generated rows by nothing but PostgreSQL's 1 GB limit
 * of one value, so a text that generates rows may not use them (`string_agg(x, '') from generate_series(1, 1e8)`).
 */
export const ACCUMULATORS: ReadonlySet<string> = new Set(['string_agg', 'array_agg']);

/**
 * Functions whose number argument is an allocation size (`repeat('x', 1e9)`, `lpad('', 1e8)`, `rpad`, `array_fill`):
 * none is on ALLOWED_FUNCTIONS; named here so that the allow-list's test keeps it so. `format` is allowed, but not with
 * a width (`format('%100000000s', 'x')` pads to it): its format string must be a constant without one.
 */
export const SIZE_ARGUMENT_FUNCTIONS: readonly string[] = ['repeat', 'lpad', 'rpad', 'array_fill'];
