module petstore-corpus/go-net-http

go 1.19
