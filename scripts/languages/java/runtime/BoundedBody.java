// A body subscriber of java.net.http that keeps at most a bound of bytes: over it, a 2xx body
// (strict) ends the call as too large, at once where its Content-Length says so; another body is
// cut at the bound. A watchdog ends it at the call's deadline, which cancels the exchange's body.
package local.emaildelivery;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

final class BoundedBody implements HttpResponse.BodySubscriber<BoundedBody.Bytes> {
  /** What was read: the bytes, and whether the body went on past them. */
  record Bytes(byte[] data, boolean truncated) {}

  /** A strict body over its bound: the caller makes it a ResponseTooLargeException. */
  static final class TooLarge extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TooLarge() {
      super("the body is over its bound", null, false, false);
    }
  }

  private final long limit;
  private final boolean strict;
  private final boolean refuse;
  private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
  private final CompletableFuture<Bytes> result = new CompletableFuture<>();
  private volatile Flow.Subscription subscription;
  private volatile boolean cancelled;
  private volatile Watchdog.Entry expiry;

  /** At most {@code limit} bytes (0: no bound); {@code strict}: over it is TooLarge; {@code refuse}: TooLarge at once, nothing read. */
  BoundedBody(long limit, boolean strict, boolean refuse) {
    this.limit = limit;
    this.strict = strict;
    this.refuse = refuse;
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    this.subscription = subscription;
    if (refuse) {
      result.completeExceptionally(new TooLarge());
      subscription.cancel();
    } else if (cancelled) subscription.cancel();
    else subscription.request(1);
  }

  @Override
  public void onNext(List<ByteBuffer> items) {
    if (result.isDone()) return;
    for (ByteBuffer item : items) {
      int size = item.remaining();
      if (limit > 0 && buffer.size() + (long) size > limit) {
        // The outcome first: cancelling may have java.net.http fail the exchange at once.
        if (strict) result.completeExceptionally(new TooLarge());
        else {
          byte[] rest = new byte[(int) (limit - buffer.size())];
          item.get(rest);
          buffer.write(rest, 0, rest.length);
          result.complete(new Bytes(buffer.toByteArray(), true));
        }
        subscription.cancel();
        return;
      }
      byte[] chunk = new byte[size];
      item.get(chunk);
      buffer.write(chunk, 0, size);
    }
    subscription.request(1);
  }

  @Override
  public void onError(Throwable error) {
    result.completeExceptionally(error);
  }

  @Override
  public void onComplete() {
    result.complete(new Bytes(buffer.toByteArray(), false));
  }

  @Override
  public CompletionStage<Bytes> getBody() {
    return result;
  }

  /** Has the watchdog end the read at {@code deadline} (System.nanoTime: the call's) unless it ended before: {@link #stopExpiry()}. */
  void expireAt(long deadline) {
    expiry = Watchdog.add(deadline, this::expire);
  }

  /** The read ended: no expiry. */
  void stopExpiry() {
    Watchdog.Entry current = expiry;
    if (current != null) Watchdog.remove(current);
  }

  /** The deadline passed: the body is a timeout, and its exchange is cancelled (its connection closed). */
  private void expire() {
    result.completeExceptionally(new HttpTimeoutException("the call's deadline passed while its body was read"));
    cancelled = true;
    Flow.Subscription current = subscription;
    if (current != null) current.cancel();
  }
}
