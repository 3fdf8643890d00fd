// Calls one operation of each request-part kind through the client OpenAPI Generator (kotlin)
// generated, against the base URL given as the only argument, and prints one line per call:
// operationId, then the status the client received, or the error it raised.
import org.openapitools.client.apis.AccountAndAccessApi
import org.openapitools.client.apis.ContactsAndListsApi
import org.openapitools.client.apis.MessagesAndBatchesApi
import org.openapitools.client.infrastructure.ApiResponse

fun report(operationId: String, call: () -> ApiResponse<*>) {
    try {
        println("$operationId ${call().statusCode}")
    } catch (error: Exception) {
        println("$operationId error ${error.javaClass.simpleName} ${(error.message ?: "").lines().first()}")
    }
}

fun main(args: Array<String>) {
    val baseUrl = args[0]
    val account = AccountAndAccessApi(baseUrl)
    val body = mapOf<String, Any>("any" to 1)
    report("listScopes") { account.listScopesWithHttpInfo() }
    report("getUnsubscribeGroup") { ContactsAndListsApi(baseUrl).getUnsubscribeGroupWithHttpInfo("id 1/é") }
    report("getApiKey") { account.getApiKeyWithHttpInfo(mapOf("name" to "value", "two words" to "a&b")) }
    report("sendBatch") { MessagesAndBatchesApi(baseUrl).sendBatchWithHttpInfo("id 1/é", body) }
    report("updateUserPassword") { account.updateUserPasswordWithHttpInfo(body) }
}
