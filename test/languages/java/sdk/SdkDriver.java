// The Java SDK's driver for the guarantees table (test/support/guarantees.ts, run by
// test/languages/sdk-guarantees.test.ts): one JVM for the whole table. It reads one JSON line
// per call, {"id": n, "call": GuaranteeCall}, makes each call on a thread of its own with a new
// client built from the line (the table's lanes run side by side), and writes one line per call,
// {"id": n, "outcome": Outcome}, decided by the error's class, never by its text. It uses the SDK's
// public surface only: the method is found by the operationId, its arguments by its signature.
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import com.sun.net.httpserver.HttpServer;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import local.emaildelivery.ApiException;
import local.emaildelivery.ApiResponse;
import local.emaildelivery.CallTimeoutException;
import local.emaildelivery.ConnectionFailedException;
import local.emaildelivery.CrossOriginRedirectException;
import local.emaildelivery.EmailDeliveryClient;
import local.emaildelivery.RequestOptions;
import local.emaildelivery.ResponseTooLargeException;
import local.emaildelivery.UnsafePathParameterException;

public final class SdkDriver {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private SdkDriver() {}

  public static void main(String[] args) throws Exception {
    warmUp();
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    List<Thread> threads = new ArrayList<>();
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      if (line.isBlank()) continue;
      JsonNode request = MAPPER.readTree(line);
      Thread thread = new Thread(() -> {
        ObjectNode answer = MAPPER.createObjectNode();
        answer.set("id", request.get("id"));
        answer.set("outcome", callOnce(request.get("call")));
        String text = answer.toString();
        synchronized (out) {
          out.println(text);
        }
      });
      thread.start();
      threads.add(thread);
    }
    for (Thread thread : threads) thread.join();
    System.exit(0);
  }

  /**
   * A few calls against a server of its own before the first line: a JVM's first call loads and
   * compiles the HTTP client and Jackson, which would take a row's deadline (1 s) on a busy machine.
   */
  static void warmUp() throws Exception {
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", exchange -> {
      boolean redirect = exchange.getRequestURI().getPath().endsWith("int_1");
      if (redirect) exchange.getResponseHeaders().add("Location", "/v1/integrations/int_2");
      byte[] body = "{\"warm\":[1,2]}".getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(redirect ? 307 : 404, body.length);
      exchange.getResponseBody().write(body);
      exchange.close();
    });
    server.start();
    try {
      ObjectNode call = MAPPER.createObjectNode().put("baseUrl", "http://127.0.0.1:" + server.getAddress().getPort()).put("operation", "getIntegration");
      call.putObject("headers").put("X-Api-Key", "warm");
      call.putArray("path").add("int_1");
      for (int i = 0; i < 3; i++) callOnce(call);
    } finally {
      server.stop(0);
    }
  }

  static ObjectNode callOnce(JsonNode call) {
    ObjectNode outcome = MAPPER.createObjectNode();
    EmailDeliveryClient client;
    try {
      EmailDeliveryClient.Builder builder = EmailDeliveryClient.builder().baseUrl(call.get("baseUrl").asText());
      for (Map.Entry<String, JsonNode> header : call.path("headers").properties()) builder.header(header.getKey(), header.getValue().asText());
      JsonNode options = call.path("options");
      if (options.has("timeoutSeconds")) builder.timeout(Duration.ofNanos((long) (options.get("timeoutSeconds").asDouble() * 1e9)));
      if (options.has("maxResponseBytes")) builder.maxResponseBytes(options.get("maxResponseBytes").asLong());
      if (options.has("maxRetries")) builder.maxRetries(options.get("maxRetries").asInt());
      client = builder.build();
    } catch (RuntimeException error) {
      return outcome.put("outcome", "other").put("error", String.valueOf(error.getMessage())).put("printed", "").put("seconds", 0);
    }
    outcome.put("printed", client.toString());
    long started = System.nanoTime();
    try {
      ApiResponse<?> response = invoke(client, call);
      outcome.put("seconds", (System.nanoTime() - started) / 1e9);
      outcome.put("outcome", "ok").put("status", response.statusCode()).put("error", "");
      outcome.set("body", MAPPER.valueToTree(response.body()));
    } catch (RuntimeException error) {
      outcome.put("seconds", (System.nanoTime() - started) / 1e9);
      outcome.put("outcome", outcomeOf(error)).put("error", String.valueOf(error.getMessage()));
      if (error instanceof ApiException api) {
        outcome.put("status", api.statusCode());
        outcome.put("errorKind", api.getClass() == ApiException.class ? "" : api.getClass().getSimpleName().replaceFirst("Exception$", ""));
        ObjectNode headers = outcome.putObject("errorHeaders");
        for (Map.Entry<String, List<String>> header : api.headers().entrySet()) headers.put(header.getKey().toLowerCase(java.util.Locale.ROOT), String.join(", ", header.getValue()));
        outcome.set("errorBody", api.body());
      }
    }
    return outcome;
  }

  /** The outcome's kind, by the error's class. */
  static String outcomeOf(RuntimeException error) {
    if (error instanceof ApiException) return "api_error";
    if (error instanceof CallTimeoutException) return "timeout";
    if (error instanceof ResponseTooLargeException) return "too_large";
    if (error instanceof CrossOriginRedirectException) return "redirect_refused";
    if (error instanceof UnsafePathParameterException) return "unsafe_path";
    if (error instanceof ConnectionFailedException) return "connection_error";
    return "other";
  }

  /** Calls withResponse()'s method of the operation that takes the most arguments: the path, the query pairs, the body, the call's options. */
  static ApiResponse<?> invoke(EmailDeliveryClient client, JsonNode call) {
    String name = call.get("operation").asText();
    Method chosen = null;
    for (Method method : EmailDeliveryClient.WithResponse.class.getMethods())
      if (method.getName().equals(name) && (chosen == null || method.getParameterCount() > chosen.getParameterCount())) chosen = method;
    if (chosen == null) throw new IllegalStateException("sdk-driver: the SDK has no method " + name);
    Iterator<JsonNode> path = call.path("path").elements();
    List<Object> args = new ArrayList<>();
    for (Class<?> type : chosen.getParameterTypes()) {
      if (type == String.class) args.add(path.hasNext() ? path.next().asText() : null);
      else if (type == Map.class) {
        Map<String, String> query = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : call.path("query").properties()) query.put(entry.getKey(), entry.getValue().asText());
        args.add(call.has("query") ? query : null);
      } else if (type == RequestOptions.class) {
        JsonNode own = call.path("callOptions");
        RequestOptions.Builder options = RequestOptions.builder();
        if (own.has("timeoutSeconds")) options.timeout(Duration.ofNanos((long) (own.get("timeoutSeconds").asDouble() * 1e9)));
        for (Map.Entry<String, JsonNode> entry : own.path("headers").properties()) options.header(entry.getKey(), entry.getValue().asText());
        args.add(options.build());
      } else if (type == Object.class) args.add(call.has("body") ? call.get("body") : null);
      else args.add(null);
    }
    try {
      return (ApiResponse<?>) chosen.invoke(client.withResponse(), args.toArray());
    } catch (InvocationTargetException error) {
      if (error.getCause() instanceof RuntimeException runtime) throw runtime;
      throw new IllegalStateException(error.getCause());
    } catch (IllegalAccessException error) {
      throw new IllegalStateException(error);
    }
  }
}
