# Ruby's own view of a file's declarations, from Ripper (the parser Ruby ships).
#
#   ruby declarations.rb < file-list
#
# Reads one path per line on stdin and prints one JSON object per declaration on stdout:
# {file, kind, name, line}. Kinds: module, class, method (`def`), singleton_method (`def
# self.x`, `def obj.x`, and the `def`s of `class << obj`), constant (a constant assigned:
# `X = …`, `A::X ||= …`, `X, Y = …`, outside method bodies, where Ruby allows it) and
# attribute (each name an `attr`/`attr_reader`/`attr_writer`/`attr_accessor` call declares
# in a class or module body, outside methods). The line is the line of the declared name's
# token (an attribute's: the `attr_*` call's). Files Ripper cannot parse are printed on
# stderr as {file} and left out.
require "json"
require "ripper"

ATTRIBUTE_CALLS = %w[attr attr_reader attr_writer attr_accessor].freeze
CONSTANT_FIELDS = %i[var_field const_path_field top_const_field].freeze

# The @const token a constant target or reference names, or nil.
def constant_token(node)
  return nil unless node.is_a?(Array)
  case node.first
  when :var_field, :const_ref, :top_const_ref, :top_const_field
    token = node[1]
    token.is_a?(Array) && token.first == :@const ? token : nil
  when :const_path_field, :const_path_ref
    token = node[2]
    token.is_a?(Array) && token.first == :@const ? token : nil
  end
end

def symbol_name(node)
  return nil unless node.is_a?(Array)
  case node.first
  when :symbol_literal
    token = node[1].is_a?(Array) && node[1].first == :symbol ? node[1][1] : node[1]
    token.is_a?(Array) && token.first.to_s.start_with?("@") ? token[1] : nil
  when :dyna_symbol, :string_literal
    content = node[1]
    parts = content.is_a?(Array) && %i[string_content xstring_new].include?(content.first) ? content[1..] : content
    parts.is_a?(Array) && parts.length == 1 && parts[0].is_a?(Array) && parts[0].first == :@tstring_content ? parts[0][1] : nil
  end
end

# The arguments of a command or a call with parentheses, as a flat list.
def arguments_of(node)
  args = node
  args = args[1] if args.is_a?(Array) && args.first == :arg_paren
  args = args[1] if args.is_a?(Array) && args.first == :args_add_block
  args.is_a?(Array) && !args.first.is_a?(Symbol) ? args : []
end

class Collector
  def initialize(file)
    @file = file
    @rows = []
  end

  attr_reader :rows

  def emit(kind, token, line = nil)
    return unless token.is_a?(Array)
    @rows << { file: @file, kind: kind, name: token[1], line: line || token[2][0] }
  end

  def attributes(call_token, args, context)
    return unless context[:container] && !context[:in_def] && ATTRIBUTE_CALLS.include?(call_token[1])
    arguments_of(args).each do |arg|
      name = symbol_name(arg)
      @rows << { file: @file, kind: "attribute", name: name, line: call_token[2][0] } if name && !name.empty?
    end
  end

  def constants(targets, context)
    return if context[:in_def]
    Array(targets).each do |target|
      next unless target.is_a?(Array)
      if target.first == :mlhs || !target.first.is_a?(Symbol)
        constants(target.first == :mlhs ? target[1..] : target, context)
      elsif CONSTANT_FIELDS.include?(target.first)
        emit("constant", constant_token(target))
      end
    end
  end

  def walk(node, context)
    return unless node.is_a?(Array)
    unless node.first.is_a?(Symbol)
      node.each { |child| walk(child, context) }
      return
    end
    body = context.merge(container: true, in_def: false, singleton_class: false)
    case node.first
    when :module
      emit("module", constant_token(node[1]))
      walk(node[2], body)
    when :class
      emit("class", constant_token(node[1]))
      walk(node[2], context)
      walk(node[3], body)
    when :sclass
      walk(node[1], context)
      walk(node[2], body.merge(singleton_class: true))
    when :def
      emit(context[:singleton_class] ? "singleton_method" : "method", node[1])
      node[2..].each { |child| walk(child, context.merge(in_def: true, singleton_class: false)) }
    when :defs
      emit("singleton_method", node[3])
      walk(node[1], context)
      node[4..].each { |child| walk(child, context.merge(in_def: true, singleton_class: false)) }
    when :assign, :opassign
      constants([node[1]], context) if CONSTANT_FIELDS.include?(node[1]&.first)
      node[2..].each { |child| walk(child, context) }
    when :massign
      constants(node[1], context)
      walk(node[2], context)
    when :command
      attributes(node[1], node[2], context) if node[1].is_a?(Array) && node[1].first == :@ident
      node[1..].each { |child| walk(child, context) }
    when :method_add_arg
      call = node[1]
      attributes(call[1], node[2], context) if call.is_a?(Array) && call.first == :fcall && call[1].is_a?(Array) && call[1].first == :@ident
      node[1..].each { |child| walk(child, context) }
    else
      node[1..].each { |child| walk(child, context) }
    end
  end
end

$stdin.each_line do |line|
  file = line.chomp
  next if file.empty?
  tree = begin
    Ripper.sexp(File.read(file, encoding: "UTF-8"))
  rescue StandardError
    nil
  end
  if tree.nil?
    warn JSON.generate({ file: file })
    next
  end
  collector = Collector.new(file)
  collector.walk(tree, { container: false, in_def: false, singleton_class: false })
  collector.rows.each { |row| puts JSON.generate(row) }
end
