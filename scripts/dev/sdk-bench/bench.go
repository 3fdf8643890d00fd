// The Go SDK's per-call cost beside plain net/http, for `npm run bench`: given a base URL and N, it
// calls listWebhooks N times through the SDK with its log off, N times through an SDK client given a
// logger at INFO (a slog text handler that discards, as a production application has one: the SDK's
// debug lines filtered) and N times through one shared net/http client (each reading and decoding
// the JSON body, as the SDK does), after a warm-up of each, and prints
// {"sdkSeconds": …, "sdkInfoSeconds": …, "plainSeconds": …, "calls": N, "rounds": {…}} (each
// round's seconds by side). The three alternate in rounds of 10 calls, so that the machine's drift
// in load falls on all alike.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"strconv"
	"time"

	emaildelivery "email-delivery-api/generated/sdk/go"
)

// Rounds of a few calls, each side in turn: a side's rounds and the next side's see the machine alike.
const callsPerRound = 10

// The calls of each side before the timed ones.
const warmUp = 200

func main() {
	if len(os.Args) != 3 {
		fail("usage: bench <base URL> <calls>")
	}
	baseURL := os.Args[1]
	calls, err := strconv.Atoi(os.Args[2])
	if err != nil || calls < callsPerRound {
		fail(fmt.Sprintf("the number of calls must be a whole number of at least %d", callsPerRound))
	}
	client, err := emaildelivery.NewClient(baseURL)
	if err != nil {
		fail(err.Error())
	}
	atInfo := slog.New(slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelInfo}))
	infoClient, err := emaildelivery.NewClient(baseURL, emaildelivery.WithLogger(atInfo))
	if err != nil {
		fail(err.Error())
	}
	plain := &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone()}
	ctx := context.Background()
	sdkCall := func() error {
		_, err := client.ListWebhooks(ctx)
		return err
	}
	infoCall := func() error {
		_, err := infoClient.ListWebhooks(ctx)
		return err
	}
	plainCall := func() error { return plainListWebhooks(ctx, plain, baseURL) }
	sides := []func() error{sdkCall, infoCall, plainCall}
	for i := 0; i < warmUp; i++ {
		for _, call := range sides {
			must(call())
		}
	}
	times := make([]time.Duration, len(sides))
	perRound := make([][]float64, len(sides))
	rounds := calls / callsPerRound
	for round := 0; round < rounds; round++ {
		n := callsPerRound
		if round == rounds-1 {
			n = calls - (rounds-1)*callsPerRound
		}
		// Each round starts one side further on (a, b, c; b, c, a; ...): every side runs in every place,
		// and none right after itself, whose warm caches a reversed order gave the first and last sides.
		for i := range sides {
			side := (round + i) % len(sides)
			took := timed(n, sides[side])
			times[side] += took
			perRound[side] = append(perRound[side], took.Seconds())
		}
	}
	out, _ := json.Marshal(map[string]any{
		"sdkSeconds": times[0].Seconds(), "sdkInfoSeconds": times[1].Seconds(), "plainSeconds": times[2].Seconds(), "calls": calls,
		"rounds": map[string][]float64{"sdk": perRound[0], "sdkInfo": perRound[1], "plain": perRound[2]},
	})
	fmt.Println(string(out))
}

// plainListWebhooks is the call as a program without the SDK makes it: GET, read, decode.
func plainListWebhooks(ctx context.Context, client *http.Client, baseURL string) error {
	request, err := http.NewRequestWithContext(ctx, http.MethodGet, baseURL+"/v1/webhooks", nil)
	if err != nil {
		return err
	}
	response, err := client.Do(request)
	if err != nil {
		return err
	}
	defer response.Body.Close()
	data, err := io.ReadAll(response.Body)
	if err != nil {
		return err
	}
	if response.StatusCode != http.StatusOK {
		return fmt.Errorf("listWebhooks: %d", response.StatusCode)
	}
	var body any
	return json.Unmarshal(data, &body)
}

func timed(n int, call func() error) time.Duration {
	started := time.Now()
	for i := 0; i < n; i++ {
		must(call())
	}
	return time.Since(started)
}

func must(err error) {
	if err != nil {
		fail(err.Error())
	}
}

func fail(message string) {
	fmt.Fprintln(os.Stderr, "sdk-bench:", message)
	os.Exit(1)
}
