# frozen_string_literal: true

# The base of the typed classes (models.rb) of the bodies whose schemas state their fields, the
# description's own or an overlay's: each field an attribute under its snake_case name, sent and
# read under its name on the wire. A class is made with its fields as keywords (a misspelt one is an
# ArgumentError), or from a Hash of the wire's names (`from_h`, which keeps fields the schema does
# not name); an answer is checked against the schema's fields as it is read.
module EmailDeliveryApi
  # A body with the fields its schema states.
  class Model
    # One field: its name on the wire, its JSON type (nil: any), whether it is required, whether null is allowed.
    Field = Struct.new(:wire, :type, :required, :nullable)

    # An answer that is not what the schema says: the problems, where and what, never a value.
    class Invalid < StandardError; end

    TYPES = {
      'string' => String, 'integer' => Integer, 'number' => Numeric, 'boolean' => [TrueClass, FalseClass],
      'array' => Array, 'object' => Hash
    }.freeze

    # The fields of the class, by attribute name.
    def self.fields
      const_get(:FIELDS)
    end

    # A model of +data+, a Hash of the wire's names, checked against the fields; raises Invalid.
    def self.from_json(data)
      raise Invalid, "it is #{json_type(data)}, not an object" unless data.is_a?(Hash)

      problems = []
      values = fields.each_with_object({}) do |(name, field), found|
        if data.key?(field.wire)
          problem = problem_of(field, data[field.wire])
          problems << "#{field.wire}: #{problem}" if problem
          found[name] = data[field.wire]
        elsif field.required
          problems << "#{field.wire}: missing"
        end
      end
      raise Invalid, problems.first(5).join('; ') + (problems.size > 5 ? "; and #{problems.size - 5} more" : '') unless problems.empty?

      built(values, data)
    end

    # A model of +data+, a Hash of the wire's names (String or Symbol), unchecked: fields the schema
    # does not name are kept and sent as they are.
    def self.from_h(data)
      built(fields.transform_values { |field| data.fetch(field.wire) { data[field.wire.to_sym] } }, data)
    end

    def self.built(values, data)
      wire = fields.values.map(&:wire)
      model = allocate
      model.send(:assign, values, data.reject { |key, _| wire.include?(key.to_s) }.transform_keys(&:to_s))
      model
    end
    private_class_method :built

    def self.json_type(value)
      case value
      when nil then 'null'
      when true, false then 'a boolean'
      when Integer then 'an integer'
      when Numeric then 'a number'
      when String then 'a string'
      when Array then 'an array'
      when Hash then 'an object'
      else value.class.name
      end
    end

    def self.problem_of(field, value)
      return nil if field.type.nil? || (value.nil? && field.nullable)
      return nil if Array(TYPES.fetch(field.type, Object)).any? { |type| value.is_a?(type) }

      "#{json_type(value)}, not #{field.type == 'integer' ? 'an integer' : "a #{field.type}"}"
    end
    private_class_method :problem_of

    # Fields the schema does not name, by their names on the wire.
    attr_reader :additional_properties

    # A model of +values+, by attribute name (each class's own initialize takes its fields as keywords).
    def initialize(values = {})
      assign(values, {})
    end

    # The body as JSON takes it: the fields set (nil left out) under their names on the wire, and the others.
    def to_h
      self.class.fields.each_with_object(@additional_properties.dup) do |(name, field), hash|
        value = instance_variable_get(:"@#{name}")
        hash[field.wire] = value.is_a?(Model) ? value.to_h : value unless value.nil?
      end
    end

    # The body as JSON, where a model stands within a Hash or an Array of the body.
    def to_json(*options)
      to_h.to_json(*options)
    end

    # A field by its name on the wire, declared or not.
    def [](wire)
      to_h[wire.to_s]
    end

    def ==(other)
      other.instance_of?(self.class) && other.to_h == to_h
    end

    alias eql? ==

    def hash
      [self.class, to_h].hash
    end

    private

    # Sets each field from +values+ (by attribute name), and the fields the schema does not name.
    def assign(values, additional)
      self.class.fields.each_key { |name| instance_variable_set(:"@#{name}", values[name]) }
      @additional_properties = additional.freeze
    end
  end
end
