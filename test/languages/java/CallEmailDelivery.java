// Calls one operation of each request-part kind through the client OpenAPI Generator (java,
// library native) generated, against the base URL given as the only argument, and prints one line
// per call: operationId, then the status the client received, or the exception it threw.
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.openapitools.client.ApiClient;
import org.openapitools.client.ApiResponse;
import org.openapitools.client.api.AccountAndAccessApi;
import org.openapitools.client.api.ContactsAndListsApi;
import org.openapitools.client.api.MessagesAndBatchesApi;

public class CallEmailDelivery {
  static void report(String operationId, Callable<ApiResponse<?>> call) {
    try {
      System.out.println(operationId + " " + call.call().getStatusCode());
    } catch (Exception error) {
      String message = String.valueOf(error.getMessage()).lines().findFirst().orElse("");
      System.out.println(operationId + " error " + error.getClass().getSimpleName() + " " + message);
    }
  }

  public static void main(String[] args) {
    ApiClient client = new ApiClient();
    client.updateBaseUri(args[0]);
    AccountAndAccessApi account = new AccountAndAccessApi(client);
    Map<String, Object> body = Map.of("any", 1);
    Map<String, String> query = new LinkedHashMap<>(); // in this order, as the other callers send them
    query.put("name", "value");
    query.put("two words", "a&b");
    report("listScopes", () -> account.listScopesWithHttpInfo());
    report("getUnsubscribeGroup", () -> new ContactsAndListsApi(client).getUnsubscribeGroupWithHttpInfo("id 1/é"));
    report("getApiKey", () -> account.getApiKeyWithHttpInfo(query));
    report("sendBatch", () -> new MessagesAndBatchesApi(client).sendBatchWithHttpInfo("id 1/é", body));
    report("updateUserPassword", () -> account.updateUserPasswordWithHttpInfo(body));
  }
}
