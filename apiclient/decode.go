package apiclient

import (
	"context"
	"encoding/json"
	"log/slog"
)

// decodeResponse reads a 2xx JSON body into out: the one decode path of every
// response, so tests can hold it against the documented examples.
func decodeResponse(ctx context.Context, logger *slog.Logger, body []byte, out any) error {
	return json.Unmarshal(body, out)
}
