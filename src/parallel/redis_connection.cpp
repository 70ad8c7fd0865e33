#include "parallel/redis_connection.h"

#include <hiredis/hiredis.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "core/error.h"

namespace kinrow {
namespace {

RedisValue value_of(const redisReply* reply) {
  RedisValue v;
  switch (reply->type) {
    case REDIS_REPLY_ERROR:
      throw RedisError(std::string(reply->str, reply->len));
    case REDIS_REPLY_INTEGER:
      v.type = RedisValue::Type::Integer;
      v.integer = reply->integer;
      break;
    case REDIS_REPLY_STRING:
    case REDIS_REPLY_STATUS:
      v.type = RedisValue::Type::String;
      v.text.assign(reply->str, reply->len);
      break;
    case REDIS_REPLY_ARRAY:  // the connection speaks RESP2: no maps, sets or doubles
      v.type = RedisValue::Type::Array;
      for (std::size_t i = 0; i < reply->elements; ++i)
        v.elements.push_back(value_of(reply->element[i]));
      break;
    default:
      break;  // nil
  }
  return v;
}

}  // namespace

long long epoch_milliseconds() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

BrokerAddress parse_broker_url(const std::string& url) {
  const std::string scheme = "redis://";
  auto bad = [&]() -> InputError {
    // The password is not quoted back.
    const std::size_t at = url.rfind('@');
    const std::string shown = at == std::string::npos ? url : scheme + "...@" + url.substr(at + 1);
    return InputError("--broker takes redis://[:PASSWORD@]HOST:PORT, not \"" + printable(shown) + "\"");
  };
  if (url.compare(0, scheme.size(), scheme) != 0) throw bad();
  std::string rest = url.substr(scheme.size());
  if (!rest.empty() && rest.back() == '/') rest.pop_back();
  BrokerAddress address;
  if (const std::size_t at = rest.rfind('@'); at != std::string::npos) {
    const std::string user = rest.substr(0, at);
    if (user.empty() || user[0] != ':' || user.size() == 1) throw bad();
    address.password = user.substr(1);
    rest = rest.substr(at + 1);
  }
  const std::size_t colon = rest.rfind(':');
  address.host = rest.substr(0, colon);
  if (colon != std::string::npos) {
    const std::string port = rest.substr(colon + 1);
    if (port.empty() || port.size() > 5 ||
        port.find_first_not_of("0123456789") != std::string::npos)
      throw bad();
    address.port = std::stoi(port);
    if (address.port < 1 || address.port > 65535) throw bad();
  }
  if (address.host.empty() || address.host.find_first_of("/@?# ") != std::string::npos) throw bad();
  address.text = scheme + address.host + ":" + std::to_string(address.port);
  return address;
}

RedisConnection::RedisConnection(const BrokerAddress& address) : address_(address) {
  if (!connect())
    throw InputError("cannot reach the broker at " + address_.text + ": " + last_error_);
}

RedisConnection::~RedisConnection() {
  if (context_) redisFree(context_);
}

bool RedisConnection::connect() {
  if (context_) redisFree(context_);
  const timeval timeout{5, 0};
  context_ = redisConnectWithTimeout(address_.host.c_str(), address_.port, timeout);
  if (!context_ || context_->err) {
    last_error_ = context_ ? context_->errstr : "out of memory";
    if (context_) redisFree(context_);
    context_ = nullptr;
    return false;
  }
  // Longer than any blocking read the callers ask for (at most a few seconds).
  const timeval command_timeout{30, 0};
  redisSetTimeout(context_, command_timeout);
  redisEnableKeepAlive(context_);
  if (!address_.password.empty()) {
    auto* auth = static_cast<redisReply*>(redisCommand(context_, "AUTH %b", address_.password.data(),
                                                       address_.password.size()));
    const bool ok = auth && auth->type != REDIS_REPLY_ERROR;
    last_error_ = ok ? "" : auth ? std::string(auth->str, auth->len) : context_->errstr;
    if (auth) freeReplyObject(auth);
    if (!ok) {
      redisFree(context_);
      context_ = nullptr;
      return false;
    }
  }
  auto* pong = static_cast<redisReply*>(redisCommand(context_, "PING"));
  const bool ok = pong && pong->type != REDIS_REPLY_ERROR;
  if (!ok) last_error_ = pong ? std::string(pong->str, pong->len) : context_->errstr;
  if (pong) freeReplyObject(pong);
  if (!ok) {
    redisFree(context_);
    context_ = nullptr;
  }
  return ok;
}

RedisValue RedisConnection::command(const std::vector<std::string>& words) {
  std::vector<const char*> argv;
  std::vector<std::size_t> lengths;
  for (const std::string& w : words) {
    argv.push_back(w.data());
    lengths.push_back(w.size());
  }
  bool told = false;
  double wait = 0.1;
  for (;;) {
    if (context_) {
      auto* reply = static_cast<redisReply*>(
          redisCommandArgv(context_, static_cast<int>(argv.size()), argv.data(), lengths.data()));
      if (reply) {
        struct Free {
          redisReply* r;
          ~Free() { freeReplyObject(r); }
        } free_reply{reply};
        if (told && note_) note_("the broker at " + address_.text + " is back");
        return value_of(reply);
      }
      last_error_ = context_->errstr;
      redisFree(context_);
      context_ = nullptr;
    }
    // Lost: wait and reconnect, for as long as it takes.
    if (!told && note_)
      note_("the broker at " + address_.text + " is unreachable (" + last_error_ + "); retrying");
    told = true;
    for (double waited = 0; waited < wait; waited += 0.05) {
      if (stop_ && stop_->load()) throw BrokerStopped{};
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    wait = std::min(wait * 2, 2.0);
    if (connect()) ++generation_;
  }
}

std::map<std::string, std::string> stream_fields(const RedisValue& entry) {
  std::map<std::string, std::string> fields;
  if (entry.size() < 2) return fields;
  const RedisValue& list = entry[1];
  for (std::size_t i = 0; i + 1 < list.size(); i += 2) fields[list[i].text] = list[i + 1].text;
  return fields;
}

std::string host_name() {
  char name[256] = {};
  if (::gethostname(name, sizeof name - 1) != 0) return "?";
  return name;
}

}  // namespace kinrow
