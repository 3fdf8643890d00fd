// The Java SDK's per-call cost beside plain java.net.http, for `npm run bench`: given a base URL and
// N, it calls listWebhooks N times through the SDK with its log as the SDK leaves it (the
// System.Logger "email_delivery_api" unconfigured), N times through it with that logger configured
// at INFO (java.util.logging, the System.Logger's backend here, with a handler writing to a null
// stream: as a production application has it, the SDK's DEBUG lines filtered) and N times through
// one shared HttpClient (HTTP/1.1, as the SDK speaks to a plain-HTTP service; each call reading the
// body and decoding it with Jackson's readTree, as the SDK does), after a warm-up of each, and prints
// {"sdkSeconds": …, "sdkInfoSeconds": …, "plainSeconds": …, "calls": N, "sdkCpuSeconds": …,
// "sdkInfoCpuSeconds": …, "plainCpuSeconds": …, "rounds": {…}} (the CPU time of the whole process,
// every thread of it, while each side ran: steadier than the wall time on a loaded machine; each
// round's seconds by side). The three alternate in rounds of 10 calls, so that the machine's drift
// in load falls on all alike. bench-sdk.ts compiles it with the committed SDK's sources.
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.Locale;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import java.util.logging.StreamHandler;
import local.emaildelivery.EmailDeliveryClient;

public final class Bench {
  /** Rounds of a few calls, each side in turn: a side's rounds and the next side's see the machine alike. */
  private static final int CALLS_PER_ROUND = 10;
  /** The calls of each side before the timed ones (the JIT's warm-up). */
  private static final int WARM_UP = 200;
  private static final com.sun.management.OperatingSystemMXBean OS =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
  private static final int SDK = 0;
  private static final int SDK_INFO = 1;
  private static final int PLAIN = 2;
  /** The process's CPU nanoseconds spent by each side's rounds, by SDK, SDK_INFO, PLAIN. */
  private static final long[] CPU = new long[3];
  /** The SDK's logger as java.util.logging holds it, held here too: it keeps a logger by a weak reference. */
  private static final Logger SDK_LOGGER = Logger.getLogger("email_delivery_api");
  private static final Handler NULL_HANDLER = new StreamHandler(OutputStream.nullOutputStream(), new SimpleFormatter());

  private interface Call {
    void run() throws IOException, InterruptedException;
  }

  public static void main(String[] args) throws IOException, InterruptedException {
    if (args.length != 2) fail("usage: Bench <base URL> <calls>");
    String baseUrl = args[0];
    int calls = Integer.parseInt(args[1]);
    if (calls < CALLS_PER_ROUND) fail("the number of calls must be at least " + CALLS_PER_ROUND);
    EmailDeliveryClient sdk = EmailDeliveryClient.builder().baseUrl(baseUrl).build();
    HttpClient plain = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    ObjectMapper mapper = new ObjectMapper();
    URI uri = URI.create(baseUrl.replaceAll("/+$", "") + "/v1/webhooks");
    Call sdkCall = sdk::listWebhooks;
    // The call as a program without the SDK makes it: GET, read, check the status, decode.
    Call plainCall = () -> {
      HttpResponse<byte[]> response = plain.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
      if (response.statusCode() != 200) throw new IOException("listWebhooks: " + response.statusCode());
      mapper.readTree(response.body());
    };
    Call[] sides = {sdkCall, sdkCall, plainCall};
    for (int side = 0; side < sides.length; side++) {
      logAtInfo(side == SDK_INFO);
      timed(WARM_UP, sides[side], side);
    }
    long[] nanos = new long[sides.length];
    int rounds = calls / CALLS_PER_ROUND;
    long[][] roundNanos = new long[sides.length][rounds];
    Arrays.fill(CPU, 0);
    for (int round = 0; round < rounds; round++) {
      int n = round == rounds - 1 ? calls - (rounds - 1) * CALLS_PER_ROUND : CALLS_PER_ROUND;
      // Each round starts one side further on (a, b, c; b, c, a; ...): every side runs in every place,
      // and none right after itself, whose warm caches a reversed order gave the first and last sides.
      for (int i = 0; i < sides.length; i++) {
        int side = (round + i) % sides.length;
        logAtInfo(side == SDK_INFO);
        roundNanos[side][round] = timed(n, sides[side], side);
        nanos[side] += roundNanos[side][round];
      }
    }
    logAtInfo(false);
    System.out.printf(Locale.ROOT,
        "{\"sdkSeconds\":%.6f,\"sdkInfoSeconds\":%.6f,\"plainSeconds\":%.6f,\"calls\":%d,\"sdkCpuSeconds\":%.6f,\"sdkInfoCpuSeconds\":%.6f,\"plainCpuSeconds\":%.6f,"
            + "\"rounds\":{\"sdk\":%s,\"sdkInfo\":%s,\"plain\":%s}}%n",
        nanos[SDK] / 1e9, nanos[SDK_INFO] / 1e9, nanos[PLAIN] / 1e9, calls, CPU[SDK] / 1e9, CPU[SDK_INFO] / 1e9, CPU[PLAIN] / 1e9,
        seconds(roundNanos[SDK]), seconds(roundNanos[SDK_INFO]), seconds(roundNanos[PLAIN]));
  }

  /** Nanoseconds as a JSON array of seconds. */
  private static String seconds(long[] nanos) {
    StringBuilder out = new StringBuilder("[");
    for (int i = 0; i < nanos.length; i++) out.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.6f", nanos[i] / 1e9));
    return out.append(']').toString();
  }

  /** The SDK's logger at INFO with a handler that writes nowhere, or as the SDK leaves it (unconfigured: the root's INFO, the console's handler). */
  private static void logAtInfo(boolean on) {
    SDK_LOGGER.setLevel(on ? Level.INFO : null);
    SDK_LOGGER.setUseParentHandlers(!on);
    if (on) SDK_LOGGER.addHandler(NULL_HANDLER);
    else SDK_LOGGER.removeHandler(NULL_HANDLER);
  }

  /** The wall nanoseconds of {@code n} calls; the process's CPU time they took is added to {@code CPU[side]}. */
  private static long timed(int n, Call call, int side) throws IOException, InterruptedException {
    long cpu = OS.getProcessCpuTime();
    long started = System.nanoTime();
    for (int i = 0; i < n; i++) call.run();
    long wall = System.nanoTime() - started;
    CPU[side] += OS.getProcessCpuTime() - cpu;
    return wall;
  }

  private static void fail(String message) {
    System.err.println("sdk-bench: " + message);
    System.exit(1);
  }
}
