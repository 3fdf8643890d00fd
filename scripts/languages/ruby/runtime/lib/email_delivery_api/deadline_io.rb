# frozen_string_literal: true

require 'net/http'

# One deadline for a whole call, kept by every connect, read and write of its connections.
#
# Net::HTTP's read_timeout and write_timeout bound each wait for the socket, not a call: a service
# that drips its headers or body a byte at a time, or reads a large request body slowly, never lets
# one wait run out. So each connection of the client's pool is extended (DeadlineHTTP) so that its
# connect, and each read and write of its socket (DeadlineSocket), waits at most what is left of the
# call's deadline; a large write goes in pieces, each with what is left. That rests on two private
# methods of Net::BufferedIO, rbuf_fill and write0, which every net-protocol from Ruby 3.1's on has;
# `supported?` says whether this Ruby's have them (else each wait is bounded by the time left when
# the request began, and a dripping service can hold a call past its deadline). Timeout.timeout is
# not used: it raises in the calling thread at any point, inside Net::HTTP or the caller's code.
module EmailDeliveryApi
  # The deadline of one call (nil: none) and what the headers of an answer may take.
  class Budget
    attr_accessor :deadline, :header_bytes_left

    def initialize(deadline = nil)
      @deadline = deadline
      @header_bytes_left = nil
    end

    def self.now
      Process.clock_gettime(Process::CLOCK_MONOTONIC)
    end

    # The seconds left, nil when there is no deadline; raises +error+ when none are left.
    def left(error)
      return nil if @deadline.nil?

      left = @deadline - Process.clock_gettime(Process::CLOCK_MONOTONIC)
      raise error, 'the call reached its deadline' if left <= 0

      left
    end

    def passed?
      !@deadline.nil? && Budget.now >= @deadline
    end
  end

  # Raised when an answer's headers, or one line of its framing (a chunk's size), are longer than their bound.
  class HeadersTooLarge < StandardError; end

  # Extends the Net::BufferedIO of a connection: each wait of a read or write is what is left of the
  # budget's deadline; the bytes read while an answer's headers are read are counted against their
  # bound, and no line is buffered past it (a chunk's size that never ends is no body's byte).
  module DeadlineSocket
    # The most bytes one wait for writing may carry: a large body goes in pieces, each with its own wait.
    WRITE_PIECE = 64 * 1024
    # The most bytes buffered unread: a body is read in pieces of 16 KiB, only a line waits for its end.
    MAX_BUFFERED = 1024 * 1024

    attr_accessor :budget

    private

    def rbuf_fill
      @read_timeout = @budget.left(Net::ReadTimeout)
      counted = @budget.header_bytes_left
      before = @rbuf.bytesize
      super
      raise HeadersTooLarge if @rbuf.bytesize > MAX_BUFFERED
      # Past an answer's headers (its body, the next answer's wait) nothing is counted.
      return if counted.nil?

      counted -= @rbuf.bytesize - before
      raise HeadersTooLarge if counted.negative?

      @budget.header_bytes_left = counted
    end

    def write0(*strings)
      @write_timeout = @budget.left(Net::WriteTimeout)
      # A request's head, and a body of one piece, in one wait: no piece to cut.
      return super if strings.sum(&:bytesize) <= WRITE_PIECE

      strings.sum do |string|
        (0...[string.bytesize, 1].max).step(WRITE_PIECE).sum do |offset|
          @write_timeout = @budget.left(Net::WriteTimeout)
          super(string.byteslice(offset, WRITE_PIECE)).to_i
        end
      end
    end
  end

  # Extends a Net::HTTP of the client's pool: each connect (a keep-alive reconnect too) waits at most
  # what is left of the budget's deadline, and its socket keeps the deadline (DeadlineSocket).
  module DeadlineHTTP
    # Whether this Ruby's Net::HTTP and Net::BufferedIO have what the deadline rests on.
    def self.supported?
      Net::HTTP.private_method_defined?(:connect) &&
        Net::BufferedIO.private_method_defined?(:rbuf_fill) && Net::BufferedIO.private_method_defined?(:write0)
    end

    SUPPORTED = supported?

    attr_accessor :budget

    # Before a request: every wait what is left of +budget+'s deadline, and, for a pooled connection,
    # its socket's too.
    def keep(budget)
      @budget = budget
      # A started connection's socket keeps the deadline itself, and a connect sets its own wait.
      if SUPPORTED && @socket.respond_to?(:budget=)
        @socket.budget = budget
        return
      end

      left = budget.left(Net::OpenTimeout)
      self.open_timeout = left
      self.read_timeout = left
      self.write_timeout = left
    end

    private

    def connect
      self.open_timeout = @budget.left(Net::OpenTimeout)
      super
      return unless SUPPORTED

      @socket.extend(DeadlineSocket)
      @socket.budget = @budget
    end
  end
end
