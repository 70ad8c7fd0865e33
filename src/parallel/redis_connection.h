// A connection to the Redis server that brokers jobs between managers and workers
// (parallel/redis_transport.h, parallel/worker.h), on hiredis's blocking interface.
//
// The broker may restart while a proof runs for days: a command that finds the
// connection lost reconnects, waiting as long as it takes (saying so once per outage),
// and runs again. Callers that must rebuild what the server forgot compare generation()
// before and after. Error replies (a missing consumer group: NOGROUP) are exceptions.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

struct redisContext;

namespace kinrow {

struct BrokerAddress {
  std::string host;
  int port = 6379;
  std::string password;  // sent with AUTH after connecting, if not empty
  std::string text;      // redis://HOST:PORT, without the password
};

// redis://[:PASSWORD@]HOST[:PORT]; InputError otherwise.
BrokerAddress parse_broker_url(const std::string& url);

// A reply, as values.
struct RedisValue {
  enum class Type { Nil, Integer, String, Array } type = Type::Nil;
  long long integer = 0;
  std::string text;
  std::vector<RedisValue> elements;

  bool nil() const { return type == Type::Nil; }
  const RedisValue& operator[](std::size_t i) const { return elements.at(i); }
  std::size_t size() const { return elements.size(); }
};

// The server answered with an error ("NOGROUP ...", "BUSYGROUP ...").
struct RedisError : std::runtime_error {
  explicit RedisError(const std::string& what) : std::runtime_error(what) {}
};

// Thrown when the caller's stop flag is raised while waiting for the server.
struct BrokerStopped {};

class RedisConnection {
 public:
  // Connects and pings; InputError naming the address if the server cannot be reached.
  explicit RedisConnection(const BrokerAddress& address);
  ~RedisConnection();
  RedisConnection(const RedisConnection&) = delete;
  RedisConnection& operator=(const RedisConnection&) = delete;

  RedisValue command(const std::vector<std::string>& words);
  // Reconnections so far: a change means the server may have forgotten everything.
  uint64_t generation() const { return generation_; }
  // Told once per outage, and when the server is back.
  void on_outage(std::function<void(const std::string&)> note) { note_ = std::move(note); }
  // Give up waiting for the server (throw BrokerStopped) once `stop` is raised.
  void stop_when(const std::atomic<bool>* stop) { stop_ = stop; }
  const BrokerAddress& address() const { return address_; }

 private:
  bool connect();  // one attempt
  BrokerAddress address_;
  redisContext* context_ = nullptr;
  uint64_t generation_ = 0;
  std::function<void(const std::string&)> note_;
  const std::atomic<bool>* stop_ = nullptr;
  std::string last_error_;
};

// Milliseconds since the epoch, the scores of the broker's registries.
long long epoch_milliseconds();

// The field values of a stream entry [id, [field, value, ...]].
std::map<std::string, std::string> stream_fields(const RedisValue& entry);

// This machine's name, as managers and workers register under it ("?" if unknown).
std::string host_name();

}  // namespace kinrow
